import { and, eq, gt, lte } from "drizzle-orm";
import { aiRunningTasks } from "@/lib/db/schema/ai-apps";
import { isSharedDatabase } from "@/lib/db/cluster-events";
import type { Database } from "@/lib/db/types";

/**
 * Which user started which upstream task. Dify's stop endpoints don't check the user (workflow
 * stop ignores it entirely), so the proxy only forwards a stop for a task it saw start for the
 * same user and app.
 */
export interface TaskOwnership {
  remember(taskId: string, userId: string, appid: string): Promise<void>;
  owns(taskId: string, userId: string, appid: string): Promise<boolean>;
}

const TASK_TTL_MS = 60 * 60 * 1000;

/** In the database when several processes may share it (a stop can land on any of them), else in memory. */
export function taskOwnershipFor(db: Database): TaskOwnership {
  return isSharedDatabase(db) ? new DatabaseTaskOwnership(db) : new MemoryTaskOwnership();
}

export class MemoryTaskOwnership implements TaskOwnership {
  private readonly tasks = new Map<string, { userId: string; appid: string; expiresAt: number }>();

  constructor(private readonly ttlMs = TASK_TTL_MS) {}

  async remember(taskId: string, userId: string, appid: string): Promise<void> {
    const now = Date.now();
    if (this.tasks.size > 1000) {
      for (const [id, task] of this.tasks) if (task.expiresAt <= now) this.tasks.delete(id);
    }
    this.tasks.set(taskId, { userId, appid, expiresAt: now + this.ttlMs });
  }

  async owns(taskId: string, userId: string, appid: string): Promise<boolean> {
    const task = this.tasks.get(taskId);
    if (!task || task.expiresAt <= Date.now()) return false;
    return task.userId === userId && task.appid === appid;
  }
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * `ai_running_tasks`, read by whichever process a stop reaches. The row is written when the first
 * event names the task, a millisecond or so before the browser can show a stop button for it.
 */
export class DatabaseTaskOwnership implements TaskOwnership {
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = TASK_TTL_MS,
  ) {}

  async remember(taskId: string, userId: string, appid: string): Promise<void> {
    const expiresAt = new Date(Date.now() + this.ttlMs);
    // A task id is the upstream's: on a clash (two apps' upstreams), the newer start wins.
    await this.db
      .insert(aiRunningTasks)
      .values({ taskId, userId, appid, expiresAt })
      .onConflictDoUpdate({ target: aiRunningTasks.taskId, set: { userId, appid, expiresAt } });
    this.pruneNowAndThen();
  }

  async owns(taskId: string, userId: string, appid: string): Promise<boolean> {
    const [row] = await this.db
      .select({ taskId: aiRunningTasks.taskId })
      .from(aiRunningTasks)
      .where(
        and(
          eq(aiRunningTasks.taskId, taskId),
          eq(aiRunningTasks.userId, userId),
          eq(aiRunningTasks.appid, appid),
          gt(aiRunningTasks.expiresAt, new Date()),
        ),
      );
    return row !== undefined;
  }

  private pruneNowAndThen(): void {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    void this.db
      .delete(aiRunningTasks)
      .where(lte(aiRunningTasks.expiresAt, new Date()))
      .catch((error: unknown) => console.error("[ai-apps proxy] 清理过期任务失败", error));
  }
}
