import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { aiCallOwners, openDatabase, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { AiCallOwner, processAiCallOwner } from "./ai-call-owner";
import { aiCallsInFlight, releaseAiCall, reserveAiCall } from "./ai-call-reservations";

// Reservations belong to a live process: a process that died (stopped renewing its lease) no longer
// holds its users' concurrent calls and tokens once the lease has lapsed — seconds, not 15 minutes.
// Long enough that a slow machine's PGlite, which runs on the event loop, never delays a renewal past it.
const LEASE_MS = 1_000;

const reservationId = (admission: Awaited<ReturnType<typeof reserveAiCall>>) => {
  if (!admission.admitted) throw new Error(`refused: ${admission.message}`);
  return admission.reservationId;
};

describe.each(testTargetKinds())("AI call leases on %s", (kind) => {
  let testDb: TestDatabase;
  // On PostgreSQL two handles stand for two app processes sharing the database.
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    first = await openDatabase(testDb.target);
    second = kind === "postgres" ? await openDatabase(testDb.target) : first;
    // This process's owner first: on PGlite its registration sweeps every other lease.
    await processAiCallOwner(first.db);
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await testDb.dispose();
  });

  it("stops counting the calls of a process that stopped renewing its lease; a live process's keep counting", async () => {
    const userId = randomUUID();
    const live = new AiCallOwner(first.db, LEASE_MS);
    // The dying process's lease is long, and lapses below by hand: on a busy machine a short one could
    // lapse before the refusal just below is checked.
    const dying = new AiCallOwner(second.db, 60_000);
    const kept = reservationId(await reserveAiCall(first.db, userId, new Date(), { owner: live }));
    reservationId(await reserveAiCall(second.db, userId, new Date(), { owner: dying }));
    // The free plan's 2 calls are in flight.
    expect(await reserveAiCall(first.db, userId)).toMatchObject({ admitted: false, status: 429, message: "同时进行的 AI 请求过多，请等当前回答完成后再试" });

    dying.abandon();
    await second.db.update(aiCallOwners).set({ expiresAt: sql`now()` }).where(eq(aiCallOwners.id, dying.id));
    await sleep(LEASE_MS * 2.5);
    // The live process renewed its lease meanwhile: its call still counts, the dead one's does not.
    expect(await aiCallsInFlight(first.db, userId)).toBe(1);
    const next = reservationId(await reserveAiCall(first.db, userId));
    expect(await reserveAiCall(second.db, userId)).toMatchObject({ admitted: false, status: 429 });

    await releaseAiCall(first.db, kept);
    await releaseAiCall(first.db, next);
    expect(await aiCallsInFlight(first.db, userId)).toBe(0);
  });
});

describe("AI call leases on PGlite across a restart", () => {
  it("does not count the previous run's calls once the process has reopened its data directory", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "sparkai-leases-"));
    const dataDir = path.join(root, "pglite");
    try {
      const userId = randomUUID();
      const before = await openDatabase({ kind: "pglite", dataDir });
      reservationId(await reserveAiCall(before.db, userId));
      reservationId(await reserveAiCall(before.db, userId));
      expect(await reserveAiCall(before.db, userId)).toMatchObject({ admitted: false, status: 429 });
      // The process ends with both calls unsettled, its lease not lapsed yet.
      (await processAiCallOwner(before.db)).abandon();
      await before.close();

      const after = await openDatabase({ kind: "pglite", dataDir });
      try {
        expect(await reserveAiCall(after.db, userId)).toMatchObject({ admitted: true });
        expect(await aiCallsInFlight(after.db, userId)).toBe(1);
      } finally {
        await after.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

const FIXTURE = path.join(process.cwd(), "test", "fixtures", "reserve-ai-calls.ts");

describe.runIf(testTargetKinds().includes("postgres"))("a process killed on PostgreSQL", () => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    handle = await openDatabase(testDb.target);
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await handle.close();
    await testDb.dispose();
  });

  it("frees the calls it held within its lease (a real child process, SIGKILLed)", async () => {
    if (testDb.target.kind !== "postgres") throw new Error("expected PostgreSQL");
    const userId = randomUUID();
    // Not the react-server condition: a feature's index (imported on the way) exports client components,
    // which need React's full build to load; `server-only` is emptied by the preload instead.
    const args = ["--require", "./test/fixtures/server-only-preload.cjs", "--import", "tsx", FIXTURE, testDb.target.url, userId, "2"];
    child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, AI_CALL_LEASE_SECONDS: "1" } });
    const started = child;
    let stderr = "";
    started.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("reserved") && resolve());
      started.on("exit", (code) => reject(new Error(`child exited (${code}): ${stderr}`)));
    });
    // While the child lives, its 2 calls fill the free plan.
    expect(await reserveAiCall(handle.db, userId)).toMatchObject({ admitted: false, status: 429 });

    const exited = new Promise((resolve) => started.once("exit", resolve));
    started.kill("SIGKILL");
    await exited;
    const killedAt = Date.now();
    let admission = await reserveAiCall(handle.db, userId);
    while (!admission.admitted && Date.now() - killedAt < 15_000) {
      await sleep(100);
      admission = await reserveAiCall(handle.db, userId);
    }
    expect(admission).toMatchObject({ admitted: true });
    // Its lease is 1 s; the rest is slack for a loaded machine (it used to be 15 minutes).
    expect(Date.now() - killedAt).toBeLessThan(6_000);
    await releaseAiCall(handle.db, reservationId(admission));
  }, 60_000);
});
