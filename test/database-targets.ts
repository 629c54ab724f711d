import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseTarget } from "@/lib/db/types";

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
