import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase } from "@/lib/db/open";
import type { Database, DatabaseHandle, DatabaseTarget } from "@/lib/db/types";

export type TestTargetKind = DatabaseTarget["kind"];

/** Targets every database test runs on: PGlite always, PostgreSQL when global setup found one. */
export function testTargetKinds(): TestTargetKind[] {
  return inject("postgresUrl") ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase {
  target: DatabaseTarget;
  /** Drops the PostgreSQL database (close your handle first); no-op for PGlite. */
  dispose(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: in-memory PGlite, or a newly created database on the test server. */
export async function createTestDatabase(kind: TestTargetKind): Promise<TestDatabase> {
  if (kind === "pglite") return { target: { kind: "pglite" }, dispose: async () => undefined };
  const adminUrl = inject("postgresUrl");
  if (!adminUrl) throw new Error("没有可用的 PostgreSQL 测试服务器");
  // A random name per test database, so test files running in parallel never collide.
  const name = `sparkai_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: "postgres", url: url.toString() },
    dispose: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}

/**
 * A fresh, migrated database for the tests of one `describe` block (beforeAll), closed and dropped
 * after them (afterAll): `const database = useTestDatabase(kind)`, then `database.db` in hooks and
 * tests (`database.target` opens another connection to it, as a second process would).
 */
export function useTestDatabase(kind: TestTargetKind): { readonly handle: DatabaseHandle; readonly db: Database; readonly target: DatabaseTarget } {
  let testDb: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.dispose();
  });
  const opened = () => {
    if (!handle || !testDb) throw new Error("useTestDatabase: the database opens in beforeAll; read it inside hooks and tests");
    return { handle, testDb };
  };
  return {
    get handle() {
      return opened().handle;
    },
    get db() {
      return opened().handle.db;
    },
    get target() {
      return opened().testDb.target;
    },
  };
}
