import { availableParallelism } from "node:os";
import { apiError } from "./errors";

export interface PasswordWorkLimits {
  /** Hashes / verifications running at once. */
  maxRunning: number;
  /** Callers waiting for a slot, per lane; beyond that they are refused at once. */
  maxQueued: number;
  /** Running + waiting per client (IP), so one client cannot take the whole queue. */
  maxPerClient: number;
  /** The same for a client whose password check recently failed. */
  maxPerSuspectClient: number;
  /** The window failed password checks are counted in. */
  suspectForMs: number;
  /** Failures in the window that make a client (IP) suspect: people mistype, floods fail by the hundred. */
  suspectClientAfter: number;
  /** Failures in the window that make an account (e-mail / phone) a target: its checks wait in the suspect lane. */
  suspectIdentifierAfter: number;
}

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file system and DNS work share. Running more hashes than cores only slows each one, and every
 * hash running at once takes a core from the event loop that answers everyone else, so at most
 * min(cores − 1, pool − 1) run at once (one on a 2-core machine).
 */
export function defaultPasswordWorkLimits(env: Record<string, string | undefined> = process.env): PasswordWorkLimits {
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  const maxRunning = Math.max(1, Math.min(availableParallelism() - 1, pool - 1));
  return { maxRunning, maxQueued: maxRunning * 8, maxPerClient: 4, maxPerSuspectClient: 1, suspectForMs: 15 * 60_000, suspectClientAfter: 10, suspectIdentifierAfter: 3 };
}

export const tooManyPasswordChecks = () =>
  apiError(429, "over_request_rate_limit", "Too many password checks in progress, please retry in a moment");

/** Failure counters remembered at most; the oldest are forgotten first (a flood of new IPs cannot grow memory). */
const MAX_SUSPECTS = 50_000;

type Lane = "clean" | "suspect";

/**
 * The callers waiting in one lane, by source (client IP, else the account asked for), served
 * round-robin: the next slot goes to the source after the one served last, so a source with 200
 * checks waiting gets one turn in each round, as does a source with one. A Map keeps insertion
 * order; a source that still waits after its turn moves to the back.
 */
class FairQueue {
  private readonly bySource = new Map<string, Array<() => void>>();
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(source: string, start: () => void): void {
    const queue = this.bySource.get(source);
    if (queue) queue.push(start);
    else this.bySource.set(source, [start]);
    this.count += 1;
  }

  shift(): (() => void) | undefined {
    const first = this.bySource.entries().next();
    if (first.done) return undefined;
    const [source, queue] = first.value;
    const start = queue.shift()!;
    this.bySource.delete(source);
    if (queue.length > 0) this.bySource.set(source, queue);
    this.count -= 1;
    return start;
  }
}

/**
 * A semaphore with two short, bounded queues for password hashing. A caller over the bound gets
 * GoTrue's 429 at once instead of piling up work that would stall every request of the process.
 * Checks from addresses that failed many times lately, or for accounts that are being guessed, wait
 * in their own lane, served only when no clean caller waits: a flood of wrong passwords, from one
 * address or thousands, queues behind a person signing in, never in front of them. Within a lane
 * the sources take turns (`FairQueue`), so one flooding address cannot starve the others either.
 * Hand-written: none of the common semaphores (p-limit, async-sema) refuses over a queue bound,
 * counts per client or has priority lanes, and the logic is a few lines.
 */
export class PasswordWorkQueue {
  private running = 0;
  private readonly waiting: Record<Lane, FairQueue> = { clean: new FairQueue(), suspect: new FairQueue() };
  private readonly perClient = new Map<string, number>();
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(readonly limits: PasswordWorkLimits) {}

  /** A wrong password from `client` for `identifier`: enough of them move their checks to the suspect lane. */
  recordFailure(client: string | undefined, identifier?: string): void {
    if (client !== undefined) this.countFailure(`ip:${client}`);
    if (identifier) this.countFailure(`id:${identifier.toLowerCase()}`);
  }

  /** Whether `client` (an IP) failed often enough lately to be held to the suspect share. */
  isSuspectClient(client: string | undefined): boolean {
    return client !== undefined && this.failuresOf(`ip:${client}`) >= this.limits.suspectClientAfter;
  }

  private isSuspectIdentifier(identifier: string | undefined): boolean {
    return Boolean(identifier) && this.failuresOf(`id:${identifier!.toLowerCase()}`) >= this.limits.suspectIdentifierAfter;
  }

  private countFailure(key: string): void {
    const count = this.failuresOf(key) + 1;
    this.failures.delete(key); // re-inserted last: the map's order is oldest first
    this.failures.set(key, { count, until: Date.now() + this.limits.suspectForMs });
    if (this.failures.size > MAX_SUSPECTS) this.failures.delete(this.failures.keys().next().value!);
  }

  private failuresOf(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (entry.until > Date.now()) return entry.count;
    this.failures.delete(key);
    return 0;
  }

  /**
   * Throws the 429 `run` would throw now. A route calls it before the work that leads up to hashing
   * (reading the user), so a flood it will refuse anyway costs no database time.
   */
  assertRoom(client: string | undefined, identifier?: string): void {
    const lane = this.laneOf(client, identifier);
    const full = this.running >= this.limits.maxRunning && this.waiting[lane].length >= this.limits.maxQueued;
    const share = this.isSuspectClient(client) ? this.limits.maxPerSuspectClient : this.limits.maxPerClient;
    const clientShareUsed = client !== undefined && (this.perClient.get(client) ?? 0) >= share;
    if (full || clientShareUsed) throw tooManyPasswordChecks();
  }

  /** Runs `work` when a slot is free; throws 429 `over_request_rate_limit` when the bound is reached. */
  async run<T>(client: string | undefined, work: () => Promise<T>, identifier?: string): Promise<T> {
    this.assertRoom(client, identifier);
    const key = client ?? "";
    this.perClient.set(key, (this.perClient.get(key) ?? 0) + 1);
    try {
      if (this.running < this.limits.maxRunning) this.running += 1;
      else await new Promise<void>((start) => this.waiting[this.laneOf(client, identifier)].push(sourceOf(client, identifier), start));
      try {
        return await work();
      } finally {
        const next = this.waiting.clean.shift() ?? this.waiting.suspect.shift();
        // The slot passes straight to the next waiter, so `running` stays as it is.
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      const left = (this.perClient.get(key) ?? 1) - 1;
      if (left > 0) this.perClient.set(key, left);
      else this.perClient.delete(key);
    }
  }

  /** How many checks wait in each lane (for tests and diagnostics). */
  queued(): Record<Lane, number> {
    return { clean: this.waiting.clean.length, suspect: this.waiting.suspect.length };
  }

  private laneOf(client: string | undefined, identifier: string | undefined): Lane {
    return this.isSuspectClient(client) || this.isSuspectIdentifier(identifier) ? "suspect" : "clean";
  }
}

/** Whose turn a waiting check takes: its address, else the account it is for. */
const sourceOf = (client: string | undefined, identifier: string | undefined) =>
  client !== undefined ? `ip:${client}` : `id:${(identifier ?? "").toLowerCase()}`;

/** One queue per process: the thread pool it protects is per process too. */
export const passwordWork = new PasswordWorkQueue(defaultPasswordWorkLimits());
