import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../test/database-targets";
import { POOL_IDLE_TIMEOUT_MS, openPostgres } from "./postgres";
import type { PostgresConnection } from "./types";

const onPostgres = testTargetKinds().includes("postgres");

describe.runIf(onPostgres)("the PostgreSQL pool", () => {
  let database: TestDatabase;
  let connection: PostgresConnection;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    if (database.target.kind !== "postgres") throw new Error("expected a PostgreSQL target");
    connection = openPostgres(database.target.url);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await connection?.close();
    await database?.dispose();
  });

  const backendPid = async () => (await connection.pool.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;

  it("keeps an idle connection through a quiet minute (a burst after it needs no new server backend)", async () => {
    const first = await backendPid();
    // Only the pool's idle timer is faked: the connection's own I/O runs as usual.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const again = await backendPid();
    expect(again).toBe(first);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.pool.totalCount).toBe(1);
    expect(await backendPid()).toBe(first);
  });

  it("still lets an idle connection go after the pool's idle timeout", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await backendPid();
    expect(connection.pool.totalCount).toBe(1);
    await vi.advanceTimersByTimeAsync(POOL_IDLE_TIMEOUT_MS + 1_000);
    await vi.waitFor(() => expect(connection.pool.totalCount).toBe(0));
  });
});
