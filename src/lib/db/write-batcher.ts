import { onDrain } from "../lifecycle.mjs";
import { processSingleton } from "../process-singleton";

/**
 * Write-behind for rows many requests write at nearly the same moment (usage rows, reservations let
 * go when answers end): items queued within `delayMs` share one statement, so a burst of answers
 * costs one round trip instead of one each. Each `add` resolves once its batch is written, or
 * rejects with the batch's error. Written here because it is a dozen lines around a timer; a queue
 * library would bring more than it saves.
 */
export class WriteBatcher<T> {
  private queue: { item: T; done: () => void; fail: (error: unknown) => void }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly writing = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly delayMs: number,
    private readonly maxBatch = 200,
  ) {
    liveBatchers().add(new WeakRef(this as WriteBatcher<unknown>));
  }

  /** Writes everything queued now and waits for writes under way (a draining process, before exit). */
  async flushNow(): Promise<void> {
    while (this.queue.length > 0) await this.flush();
    await Promise.all([...this.writing]);
  }

  add(item: T): Promise<void> {
    return new Promise<void>((done, fail) => {
      this.queue.push({ item, done, fail });
      if (this.queue.length >= this.maxBatch) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    });
  }

  private flush(): Promise<void> {
    const work = this.writeBatch();
    this.writing.add(work);
    void work.finally(() => this.writing.delete(work));
    return work;
  }

  private async writeBatch(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    try {
      await this.write(batch.map((entry) => entry.item));
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.fail(error);
    }
    if (this.queue.length > 0) this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }
}

/**
 * Every batcher of the process (weakly: a closed database's go away), flushed when the process
 * drains (server.mjs on SIGTERM) so no queued usage row or released reservation is lost.
 */
function liveBatchers(): Set<WeakRef<WriteBatcher<unknown>>> {
  return processSingleton("sparkai.db.write-batchers", () => {
    const batchers = new Set<WeakRef<WriteBatcher<unknown>>>();
    onDrain({
      flush: async () => {
        await Promise.all([...batchers].map((ref) => ref.deref()?.flushNow()));
      },
    });
    return batchers;
  });
}
