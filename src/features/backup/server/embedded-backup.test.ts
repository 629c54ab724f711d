import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createStorageService } from "@/embedded/storage";
import { DataDirLockedError } from "@/lib/db";
import { openDatabase } from "@/lib/db/open";
import { authUsers } from "@/lib/db/schema/auth";
import { modelConversations } from "@/lib/db/schema/ai-models";
import { checkoutOrders } from "@/lib/db/schema/billing";
import type { DatabaseHandle } from "@/lib/db/types";
import { backupEmbedded, restoreEmbedded } from "./embedded-backup";

const root = await mkdtemp(path.join(tmpdir(), "backup-test-"));
const dataDir = path.join(root, "data");
const layout = { dataDir, filesInS3: false };
afterAll(() => rm(root, { recursive: true, force: true }));

/** The embedded storage on `handle`, called with the service key (any bearer: the verifier says so). */
async function storageOn(handle: DatabaseHandle) {
  const { app } = await createStorageService({
    db: handle.db,
    rootDir: path.join(dataDir, "storage"),
    signingSecret: "backup-test-signing-secret-of-32-characters",
    verifyAccessToken: async () => ({ role: "service_role" }),
  });
  return (p: string, init?: RequestInit) =>
    app.fetch(new Request(`http://storage.test${p}`, { ...init, headers: { Authorization: "Bearer service", ...init?.headers } }));
}

// Three PGlite data directories opened from disk (live, backed up, restored): tens of seconds on a busy
// two-core machine, hence the longer time-out.
describe("embedded backup and restore", () => {
  it("backs up, survives the data directory's loss, and restores users, conversations, orders and files", { timeout: 120_000 }, async () => {
    const userId = randomUUID();
    const target = { kind: "pglite" as const, dataDir: path.join(dataDir, "pglite") };
    const handle = await openDatabase(target);
    await handle.db.insert(authUsers).values({ id: userId, email: "backup@example.com" });
    await handle.db.insert(modelConversations).values({ appid: "demo", userId, name: "备份前的对话", model: "demo-model" });
    await handle.db.insert(checkoutOrders).values({ userId, planId: "pro", interval: "month", amount: 2900, provider: "local", status: "paid" });
    const storage = await storageOn(handle);
    const uploaded = await storage(`/object/files/${userId}/notes.txt`, { method: "POST", body: "备份里的文件", headers: { "Content-Type": "text/plain" } });
    expect(uploaded.status).toBe(200);

    // While a server holds the data directory, a backup changes nothing and says why.
    await expect(backupEmbedded(layout, path.join(root, "refused"))).rejects.toBeInstanceOf(DataDirLockedError);
    await handle.close();

    const out = path.join(root, "backup");
    expect(await backupEmbedded(layout, out)).toMatchObject({ includesFiles: true });
    await rm(dataDir, { recursive: true, force: true });

    await restoreEmbedded(layout, out);
    const restored = await openDatabase(target);
    try {
      expect(await restored.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId))).toEqual([
        { email: "backup@example.com" },
      ]);
      expect(await restored.db.select({ name: modelConversations.name }).from(modelConversations).where(eq(modelConversations.userId, userId))).toEqual([
        { name: "备份前的对话" },
      ]);
      expect(await restored.db.select({ status: checkoutOrders.status }).from(checkoutOrders).where(eq(checkoutOrders.userId, userId))).toEqual([
        { status: "paid" },
      ]);
      const download = await (await storageOn(restored))(`/object/files/${userId}/notes.txt`);
      expect(download.status).toBe(200);
      expect(await download.text()).toBe("备份里的文件");
    } finally {
      await restored.close();
    }
  });

  it("refuses a directory that is not a finished backup, and keeps what it would replace", async () => {
    await expect(restoreEmbedded(layout, path.join(root, "nothing-here"))).rejects.toThrow(/不是完整的备份/);
    await expect(backupEmbedded(layout, path.join(root, "backup"))).rejects.toThrow(/已存在/);
  });
});
