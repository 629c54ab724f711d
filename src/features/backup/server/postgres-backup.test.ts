// The PostgreSQL + S3 backup procedure of docs/deployment.md (备份与恢复), as an operator runs it:
// pg_dump --format=custom of the live database, pg_restore --no-owner into a new one, and the files
// still in the bucket. Runs where the test PostgreSQL server and pg_dump exist.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createStorageService } from "@/embedded/storage";
import { openDatabase } from "@/lib/db/open";
import { authUsers } from "@/lib/db/schema/auth";
import { modelConversations } from "@/lib/db/schema/ai-models";
import { checkoutOrders } from "@/lib/db/schema/billing";
import type { DatabaseHandle } from "@/lib/db/types";
import { createTestDatabase, testTargetKinds } from "../../../../test/database-targets";
import { startTestS3Server, type TestS3Server } from "../../../../test/s3-server";

const run = promisify(execFile);
const hasPgDump = await run("pg_dump", ["--version"]).then(
  () => true,
  () => false,
);

async function storageOn(handle: DatabaseHandle, s3: TestS3Server, rootDir: string) {
  const { app } = await createStorageService({
    db: handle.db,
    rootDir,
    s3: s3.config,
    signingSecret: "backup-test-signing-secret-of-32-characters",
    verifyAccessToken: async () => ({ role: "service_role" }),
  });
  return (p: string, init?: RequestInit) =>
    app.fetch(new Request(`http://storage.test${p}`, { ...init, headers: { Authorization: "Bearer service", ...init?.headers } }));
}

describe.runIf(testTargetKinds().includes("postgres") && hasPgDump)("PostgreSQL + S3 backup procedure", () => {
  it("pg_dump / pg_restore into a new database finds users, conversations, orders and the files in the bucket", { timeout: 120_000 }, async () => {
    const work = await mkdtemp(path.join(tmpdir(), "pg-backup-test-"));
    const s3 = await startTestS3Server();
    const live = await createTestDatabase("postgres");
    const restoredDb = await createTestDatabase("postgres");
    try {
      const userId = randomUUID();
      const handle = await openDatabase(live.target);
      try {
        await handle.db.insert(authUsers).values({ id: userId, email: "pg-backup@example.com" });
        await handle.db.insert(modelConversations).values({ appid: "demo", userId, name: "备份前的对话", model: "demo-model" });
        await handle.db.insert(checkoutOrders).values({ userId, planId: "pro", interval: "month", amount: 2900, provider: "local", status: "paid" });
        const storage = await storageOn(handle, s3, path.join(work, "a"));
        const uploaded = await storage(`/object/files/${userId}/notes.txt`, { method: "POST", body: "桶里的文件", headers: { "Content-Type": "text/plain" } });
        expect(uploaded.status).toBe(200);
        // Taken while the app's connection is open, as on a running installation.
        if (live.target.kind !== "postgres" || restoredDb.target.kind !== "postgres") throw new Error("PostgreSQL expected");
        await run("pg_dump", ["--format=custom", `--file=${path.join(work, "spark.dump")}`, live.target.url]);
      } finally {
        await handle.close();
      }
      await live.dispose(); // the disaster

      await run("pg_restore", ["--no-owner", `--dbname=${restoredDb.target.url}`, path.join(work, "spark.dump")]);
      const restored = await openDatabase(restoredDb.target);
      try {
        expect(await restored.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId))).toEqual([{ email: "pg-backup@example.com" }]);
        expect(await restored.db.select({ name: modelConversations.name }).from(modelConversations).where(eq(modelConversations.userId, userId))).toEqual([{ name: "备份前的对话" }]);
        expect(await restored.db.select({ status: checkoutOrders.status }).from(checkoutOrders).where(eq(checkoutOrders.userId, userId))).toEqual([{ status: "paid" }]);
        const download = await (await storageOn(restored, s3, path.join(work, "b")))(`/object/files/${userId}/notes.txt`);
        expect(await download.text()).toBe("桶里的文件");
      } finally {
        await restored.close();
      }
    } finally {
      await restoredDb.dispose();
      await live.dispose();
      await s3.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});
