import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "@/lib/db/open";
import type { TestProject } from "vitest/node";
import { startPostgresServer, type PostgresServer } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server for database tests, or null to test on PGlite only. */
    postgresUrl: string | null;
  }
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL 指向的 PostgreSQL 无法连接：${(error as Error).message}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Database tests always run on PGlite, and also on a real server when there is one: the server in
 * TEST_DATABASE_URL (explicit, so unreachable is an error), else a temporary one started here.
 */
export default async function setup(project: TestProject) {
  await createPgliteTemplate();
  const explicitUrl = process.env.TEST_DATABASE_URL?.trim();
  if (explicitUrl) {
    await assertReachable(explicitUrl);
    project.provide("postgresUrl", explicitUrl);
    return;
  }

  const started = await startPostgresServer().catch((error: unknown) => ({ skipped: String(error) }));
  if ("skipped" in started) {
    console.warn(`[测试] 跳过真实 PostgreSQL 上的数据库测试，只在 PGlite 上运行：${started.skipped}`);
    project.provide("postgresUrl", null);
    return;
  }
  const server: PostgresServer = started;
  // Safety net if the run is interrupted before teardown.
  const onExit = () => server.stopSync();
  process.once("exit", onExit);
  project.provide("postgresUrl", server.url);

  return async () => {
    process.off("exit", onExit);
    await server.stop();
  };
}

/**
 * One migrated PGlite database, dumped for every test database to start from (src/lib/db/pglite.ts,
 * SPARK_PGLITE_TEMPLATE): the workers are started after this and inherit the variable.
 */
async function createPgliteTemplate(): Promise<void> {
  const handle = await openDatabase({ kind: "pglite" });
  try {
    if (handle.driver !== "pglite") throw new Error("expected PGlite");
    const dump = await handle.client.dumpDataDir("none");
    const dir = mkdtempSync(path.join(tmpdir(), "spark-pglite-template-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.SPARK_PGLITE_TEMPLATE = file;
  } finally {
    await handle.close();
  }
}
