/**
 * Which user started which upstream task. Dify's stop endpoints don't check the user (workflow
 * stop ignores it entirely), so the proxy only forwards a stop for a task it saw start for the
 * same user and app. In memory: with several app processes, a stop must reach the process that
 * relayed the stream (sticky sessions), otherwise it answers 404 — a known single-process limit.
 */
export class TaskOwnership {
  private readonly tasks = new Map<string, { userId: string; appid: string; expiresAt: number }>();

  constructor(private readonly ttlMs = 60 * 60 * 1000) {}

  remember(taskId: string, userId: string, appid: string): void {
    const now = Date.now();
    if (this.tasks.size > 1000) {
      for (const [id, task] of this.tasks) if (task.expiresAt <= now) this.tasks.delete(id);
    }
    this.tasks.set(taskId, { userId, appid, expiresAt: now + this.ttlMs });
  }

  owns(taskId: string, userId: string, appid: string): boolean {
    const task = this.tasks.get(taskId);
    if (!task || task.expiresAt <= Date.now()) return false;
    return task.userId === userId && task.appid === appid;
  }
}
