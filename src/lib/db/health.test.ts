import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../test/database-targets";
import { checkDatabaseHealth } from "./health";
import { openDatabase } from "./open";
import type { DatabaseHandle } from "./types";

describe.each(testTargetKinds())("checkDatabaseHealth on %s", (kind) => {
  let testDatabase: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    handle = await openDatabase(testDatabase.target);
  });
  afterAll(async () => {
    await handle.close();
    await testDatabase.dispose();
  });

  it("reports ok", async () => {
    const health = await checkDatabaseHealth({ driver: kind, getDatabase: async () => handle.db });
    expect(health).toEqual({ status: "ok", driver: kind, latencyMs: expect.any(Number) });
  });
});

describe("checkDatabaseHealth failures", () => {
  it("reports an unreachable PostgreSQL server as an error without throwing", async () => {
    const opened: DatabaseHandle[] = [];
    const health = await checkDatabaseHealth({
      driver: "postgres",
      getDatabase: async () => {
        const handle = await openDatabase({ kind: "postgres", url: "postgres://x@127.0.0.1:1/db" });
        opened.push(handle);
        return handle.db;
      },
    });
    expect(opened).toEqual([]);
    expect(health).toMatchObject({ status: "error", driver: "postgres", latencyMs: expect.any(Number) });
    expect(health.message).toMatch(/^数据库不可用：.*ECONNREFUSED/);
  });

  it("gives up after the timeout", async () => {
    const health = await checkDatabaseHealth({
      driver: "pglite",
      getDatabase: () => new Promise(() => undefined),
      timeoutMs: 50,
    });
    expect(health).toMatchObject({ status: "error", message: "数据库不可用：数据库在 50 毫秒内没有响应" });
  });
});
