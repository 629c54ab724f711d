import { describe, expect, it } from "vitest";
import { PasswordWorkQueue } from "./password-work";

/** Roomy limits: only the order of service is under test, not the bounds. */
const limits = {
  maxRunning: 1,
  maxQueued: 1_000,
  maxPerClient: 1_000,
  maxPerSuspectClient: 1_000,
  suspectForMs: 60_000,
  suspectClientAfter: 1_000,
  suspectIdentifierAfter: 1_000,
};

/** A job that stays running until released, recording the order jobs started in. */
function gatedJobs() {
  const started: string[] = [];
  const gates: Array<() => void> = [];
  const job = (name: string) => () =>
    new Promise<void>((release) => {
      started.push(name);
      gates.push(release);
    });
  /** Finishes the running job (the next waiter takes its slot). */
  const finishOne = async () => {
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, job, finishOne };
}

describe("password hashing queue fairness", () => {
  it("serves a newcomer within the next slots, not after a source's 200 queued checks", async () => {
    const queue = new PasswordWorkQueue(limits);
    const { started, job, finishOne } = gatedJobs();
    const flood = Array.from({ length: 200 }, (_, index) => queue.run("203.0.113.66", job(`flood-${index}`), "victim@example.com"));
    const bystander = queue.run("198.51.100.1", job("bystander"), "bystander@example.com");
    expect(queue.queued().clean).toBe(200); // one of the flood runs, the rest and the bystander wait

    for (let slot = 0; slot < 3 && !started.includes("bystander"); slot += 1) await finishOne();
    expect(started.indexOf("bystander")).toBeGreaterThan(0);
    expect(started.indexOf("bystander")).toBeLessThanOrEqual(2);

    while (started.length < 201 || queue.queued().clean > 0) await finishOne();
    await finishOne();
    await Promise.all([...flood, bystander]);
    expect(started).toHaveLength(201);
  });

  it("takes turns between sources, and keeps each source's own order", async () => {
    const queue = new PasswordWorkQueue(limits);
    const { started, job, finishOne } = gatedJobs();
    const runs = [
      queue.run("10.0.0.1", job("a0")),
      queue.run("10.0.0.1", job("a1")),
      queue.run("10.0.0.1", job("a2")),
      queue.run("10.0.0.2", job("b0")),
      queue.run("10.0.0.2", job("b1")),
      queue.run(undefined, job("c0"), "someone@example.com"),
    ];
    while (started.length < 6) await finishOne();
    await finishOne();
    await Promise.all(runs);
    expect(started).toEqual(["a0", "a1", "b0", "c0", "a2", "b1"]);
  });
});
