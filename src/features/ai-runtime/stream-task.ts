import { stopTask } from "./feedback";
import type { DifyStreamEvent } from "./types";

/** After 停止, how long the stream may take to end on its own before we cut it. */
const STOP_GRACE_MS = 2500;

/** A streaming request the user may stop: its abort controller and, once seen, the upstream task id. */
export interface StreamTask {
  controller: AbortController;
  taskId?: string;
  stopRequested: boolean;
}

export function newStreamTask(): StreamTask {
  return { controller: new AbortController(), stopRequested: false };
}

/** Remembers the task id that Dify puts on its stream events (needed to stop the task). */
export function noteTaskId(task: StreamTask, event: DifyStreamEvent): void {
  if (typeof event.task_id === "string") task.taskId = event.task_id;
}

/**
 * 停止: asks the proxy to stop the upstream task, which ends the stream shortly after and keeps what
 * was already generated. Without a task id yet (a slow start), or when the stop call fails or the
 * stream lingers, the request is cut instead: leaving makes the proxy stop the upstream task itself.
 * `endpoint` is the Dify path before `/{taskId}/stop`, e.g. `chat-messages`.
 */
export function requestStop(appid: string, task: StreamTask, endpoint: "chat-messages" | "completion-messages" | "workflows/tasks"): void {
  if (task.stopRequested) return;
  task.stopRequested = true;
  if (!task.taskId) {
    task.controller.abort();
    return;
  }
  stopTask(appid, `${endpoint}/${encodeURIComponent(task.taskId)}/stop`).catch(() => task.controller.abort());
  setTimeout(() => task.controller.abort(), STOP_GRACE_MS);
}
