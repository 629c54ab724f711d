import { clusterEventsFor, type ClusterEvents } from "@/lib/db/cluster-events";
import type { Database } from "@/lib/db/types";
import { taskOwnershipFor, type TaskOwnership } from "./tasks";

/**
 * The upstream tasks this process relays, and how a stop reaches them from any process: the process
 * a stop lands on checks who owns the task (shared through the database), forwards the stop upstream
 * as always, and when the stream runs elsewhere announces the stop, so that the relaying process stops
 * it through its own upstream (the embedded demo Dify lives inside each process).
 */
export class RunningTasks {
  private readonly relayed = new Map<string, () => void>();
  private readonly ownership: TaskOwnership;
  private readonly events: ClusterEvents;
  private listening: Promise<unknown> | undefined;

  constructor(db: Database) {
    this.ownership = taskOwnershipFor(db);
    this.events = clusterEventsFor(db);
  }

  /** Starts listening for stops announced by other processes (once; retried after a failure). */
  listen(): Promise<unknown> {
    this.listening ??= this.events.subscribe("spark_ai_task_stop", (taskId) => this.relayed.get(taskId)?.()).catch((error: unknown) => {
      this.listening = undefined;
      console.error("[ai-apps proxy] 无法接收其他进程的停止请求", error);
    });
    return this.listening;
  }

  /** A relayed stream named its task: remember the owner (everywhere) and how to stop it (here). */
  started(taskId: string, owner: { userId: string; appid: string }, stop: () => void): Promise<void> {
    this.relayed.set(taskId, stop);
    return this.ownership.remember(taskId, owner.userId, owner.appid);
  }

  ended(taskId: string | undefined): void {
    if (taskId) this.relayed.delete(taskId);
  }

  owns(taskId: string, userId: string, appid: string): Promise<boolean> {
    return this.ownership.owns(taskId, userId, appid);
  }

  /** After an owned stop was accepted here: when another process relays the task, tell it to stop it. */
  async announceStop(taskId: string): Promise<void> {
    if (!this.relayed.has(taskId)) await this.events.publish("spark_ai_task_stop", taskId);
  }
}
