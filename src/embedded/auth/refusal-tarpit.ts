import { TtlCache } from "@/lib/ttl-cache";

export interface TarpitLimits {
  /** The first pause before a refused sign-in gets its 429. */
  baseMs: number;
  /** The longest pause. */
  maxMs: number;
  /** Answered refusals of one client after which its pause doubles (again after as many more, up to maxMs). */
  doubleEvery: number;
  /** How long a client's answered refusals are remembered after its last one. */
  rememberMs: number;
}

export const DEFAULT_TARPIT_LIMITS: TarpitLimits = { baseMs: 1_000, maxMs: 16_000, doubleEvery: 50, rememberMs: 15 * 60_000 };

/** Clients remembered at most; the oldest are forgotten first (a flood of new IPs cannot grow memory). */
const MAX_CLIENTS = 50_000;

/**
 * How long a refused password sign-in waits for its 429. A flood that retries the moment it is refused
 * would spin on cheap refusals: each still costs the event loop a request (≈ 1–4 ms here), and 200 of
 * them a second take the loop from everyone else. Pausing costs nothing but an open socket, so a client
 * that keeps coming back after refused answers waits longer each time — 1 s, then 2, 4 … up to 16 s —
 * and so does every attempt on an account that a flood from many addresses aims at (the pause is the
 * longer of the address's and the account's). Only *answered* refusals count: a burst of parallel
 * attempts (or a person's few retries) all get the first pause, while a closed-loop flood slows to a
 * trickle after its first rounds.
 */
export class RefusalTarpit {
  private readonly answered: TtlCache<number>;

  constructor(readonly limits: TarpitLimits = DEFAULT_TARPIT_LIMITS) {
    this.answered = new TtlCache<number>(limits.rememberMs, MAX_CLIENTS);
  }

  /**
   * The pause for the next refusal of `client` (an IP) signing in to `identifier` (e-mail / phone),
   * ± 50 % at random so a flood's answers do not return together.
   */
  pauseFor(client: string | undefined, identifier?: string, random: () => number = Math.random): number {
    const answered = Math.max(...keysOf(client, identifier).map((key) => this.answered.get(key) ?? 0));
    const doublings = Math.floor(answered / this.limits.doubleEvery);
    const pause = Math.min(this.limits.maxMs, this.limits.baseMs * 2 ** Math.min(doublings, 30));
    return pause * (0.5 + random());
  }

  /** Pauses, then counts the refusal as answered for the address and the account. */
  async pause(client: string | undefined, identifier?: string): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.pauseFor(client, identifier)));
    for (const key of keysOf(client, identifier)) this.answered.set(key, (this.answered.get(key) ?? 0) + 1);
  }
}

const keysOf = (client: string | undefined, identifier: string | undefined) =>
  identifier ? [`ip:${client ?? ""}`, `id:${identifier.toLowerCase()}`] : [`ip:${client ?? ""}`];
