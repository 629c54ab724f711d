import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RefusalTarpit } from "./refusal-tarpit";

const limits = { baseMs: 1_000, maxMs: 16_000, doubleEvery: 50, rememberMs: 60_000 };
const middle = () => 0.5; // no jitter: the pause itself

describe("RefusalTarpit", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** `count` refusals of `client` one after another, each answered before the next (a closed-loop flood). */
  async function answerInTurn(tarpit: RefusalTarpit, client: string, count: number) {
    for (let i = 0; i < count; i += 1) {
      const paused = tarpit.pause(client);
      await vi.runAllTimersAsync();
      await paused;
    }
  }

  it("gives a burst of parallel refusals the first pause only: none was answered yet", async () => {
    const tarpit = new RefusalTarpit(limits);
    const burst = Array.from({ length: 200 }, () => tarpit.pause("203.0.113.66"));
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(1_000);
    await vi.runAllTimersAsync();
    await Promise.all(burst);
    // Now that the burst was answered, the flood's next round waits longer.
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(16_000);
  });

  it("doubles a returning client's pause every 50 answered refusals, up to the ceiling, and leaves others alone", async () => {
    const tarpit = new RefusalTarpit(limits);
    await answerInTurn(tarpit, "203.0.113.66", 49);
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(1_000);
    await answerInTurn(tarpit, "203.0.113.66", 1);
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(2_000);
    await answerInTurn(tarpit, "203.0.113.66", 100);
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(8_000);
    await answerInTurn(tarpit, "203.0.113.66", 500);
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(16_000);
    expect(tarpit.pauseFor("198.51.100.1", undefined, middle)).toBe(1_000);
  });

  it("slows a flood on one account from many addresses, and only attempts on that account", async () => {
    const tarpit = new RefusalTarpit(limits);
    for (let round = 0; round < 2; round += 1) {
      const wave = Array.from({ length: 100 }, (_, i) => tarpit.pause(`10.1.0.${i}`, "Victim@example.com"));
      await vi.runAllTimersAsync();
      await Promise.all(wave);
    }
    expect(tarpit.pauseFor("10.9.9.9", "victim@example.com", middle)).toBe(16_000);
    expect(tarpit.pauseFor("10.1.0.1", "someone@example.com", middle)).toBe(1_000);
  });

  it("spreads pauses ±50 % at random", () => {
    const tarpit = new RefusalTarpit(limits);
    expect(tarpit.pauseFor("a", undefined, () => 0)).toBe(500);
    expect(tarpit.pauseFor("a", undefined, () => 0.999)).toBeCloseTo(1_499, 0);
  });

  it("forgets a client's refusals once it has been quiet for the remembered time", async () => {
    const tarpit = new RefusalTarpit(limits);
    await answerInTurn(tarpit, "203.0.113.66", 100);
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(4_000);
    vi.advanceTimersByTime(limits.rememberMs + 1);
    expect(tarpit.pauseFor("203.0.113.66", undefined, middle)).toBe(1_000);
  });
});
