import { availableParallelism } from "node:os";
import { apiError } from "./errors";

export interface PasswordWorkLimits {
  /** Hashes / verifications running at once. */
  maxRunning: number;
  /** Callers waiting for a slot; beyond that they are refused at once. */
  maxQueued: number;
  /** Running + waiting per client (IP), so one client cannot take the whole queue. */
  maxPerClient: number;
}

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file system and DNS work share. Running more hashes than cores only slows each one, and
 * taking every pool thread stalls everything else, so at most min(cores, pool − 1) run at once.
 */
export function defaultPasswordWorkLimits(env: Record<string, string | undefined> = process.env): PasswordWorkLimits {
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  const maxRunning = Math.max(1, Math.min(availableParallelism(), pool - 1));
  return { maxRunning, maxQueued: maxRunning * 8, maxPerClient: 4 };
}

export const tooManyPasswordChecks = () =>
  apiError(429, "over_request_rate_limit", "Too many password checks in progress, please retry in a moment");

interface Waiter {
  start: () => void;
}

/**
 * A semaphore with a short, bounded queue for password hashing. A caller over the bound gets
 * GoTrue's 429 at once instead of piling up work that would stall every request of the process.
 * Hand-written: the few lines of a counting semaphore do not warrant a dependency, and none of the
 * common ones (p-limit, async-sema) refuses over a queue bound or counts per client.
 */
export class PasswordWorkQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly perClient = new Map<string, number>();

  constructor(readonly limits: PasswordWorkLimits) {}

  /**
   * Throws the 429 `run` would throw now. A route calls it before the work that leads up to hashing
   * (reading the user), so a flood it will refuse anyway costs no database time.
   */
  assertRoom(client: string | undefined): void {
    const full = this.running >= this.limits.maxRunning && this.waiting.length >= this.limits.maxQueued;
    const clientShareUsed = client !== undefined && (this.perClient.get(client) ?? 0) >= this.limits.maxPerClient;
    if (full || clientShareUsed) throw tooManyPasswordChecks();
  }

  /** Runs `work` when a slot is free; throws 429 `over_request_rate_limit` when the bound is reached. */
  async run<T>(client: string | undefined, work: () => Promise<T>): Promise<T> {
    this.assertRoom(client);
    const key = client ?? "";
    this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);
    try {
      if (this.running < this.limits.maxRunning) this.running += 1;
      else await new Promise<void>((start) => this.waiting.push({ start }));
      try {
        return await work();
      } finally {
        const next = this.waiting.shift();
        // The slot passes straight to the next waiter, so `running` stays as it is.
        if (next) next.start();
        else this.running -= 1;
      }
    } finally {
      const left = (this.perClient.get(key) ?? 1) - 1;
      if (left > 0) this.perClient.set(key, left);
      else this.perClient.delete(key);
    }
  }
}

/** One queue per process: the thread pool it protects is per process too. */
export const passwordWork = new PasswordWorkQueue(defaultPasswordWorkLimits());
