import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rateLimitWindows, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../test/database-targets";
import { PostgresRateLimitStore } from "./postgres-store";

// Two stores on two connections to one database play two processes of the site: a key flooding
// them through a round-robin balancer still meets one limit.
describe.each(testTargetKinds())("PostgresRateLimitStore on %s", (kind) => {
  let testDb: TestDatabase;
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    first = await openDatabase(testDb.target);
    // PGlite is one process by construction: the second "process" shares its handle.
    second = kind === "postgres" ? await openDatabase(testDb.target) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await testDb.dispose();
  });

  it("counts one window across processes, per key, and restarts it when it is over", async () => {
    const a = new PostgresRateLimitStore(first.db, rateLimitWindows, 60_000);
    const b = new PostgresRateLimitStore(second.db, rateLimitWindows, 60_000);
    expect(await a.increment(["api-key:1"], 60_000)).toEqual([1]);
    expect(await b.increment(["api-key:1", "api-key:2"], 60_000)).toEqual([2, 1]);
    expect(await a.increment(["api-key:1"], 60_000)).toEqual([3]);
    expect(await b.peek(["api-key:1", "api-key:3"], 60_000)).toEqual([3, 0]);
    // A window of 1 ms is over by the next call: the count starts again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await a.increment(["api-key:1"], 1)).toEqual([1]);
  });
});
