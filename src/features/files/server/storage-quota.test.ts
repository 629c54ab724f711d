import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_PLANS as plans } from "@/features/billing/server/plan-seed";
import { openDatabase, subscriptions, type DatabaseHandle } from "@/lib/db";
import { storageBuckets, storageObjects } from "@/lib/db/schema/storage";
import { createTestDatabase, type TestDatabase } from "../../../../test/database-targets";
import { getStorageUsage, storageQuotaBytes } from "./storage-quota";

let testDb: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDb = await createTestDatabase("pglite");
  handle = await openDatabase(testDb.target);
});
afterAll(async () => {
  await handle.close();
  await testDb.dispose();
});

const bytesOf = (id: string) => plans.find((plan) => plan.id === id)!.storageBytes;

describe("storage quota by plan", () => {
  it("gives each plan its own, growing byte limit", () => {
    expect(bytesOf("free")).toBe(100 * 1024 * 1024);
    expect(bytesOf("free")).toBeLessThan(bytesOf("pro"));
    expect(bytesOf("pro")).toBeLessThan(bytesOf("team"));
  });

  it("resolves the quota of the user's plan, free without or after a subscription", async () => {
    const userId = randomUUID();
    expect(await storageQuotaBytes(handle.db, userId)).toBe(bytesOf("free"));
    await handle.db.insert(subscriptions).values({ userId, planId: "team", currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    expect(await storageQuotaBytes(handle.db, userId)).toBe(bytesOf("team"));
    await handle.db.update(subscriptions).set({ status: "canceled" });
    expect(await storageQuotaBytes(handle.db, userId)).toBe(bytesOf("free"));
  });

  it("counts the bytes of the user's own objects in every bucket", async () => {
    const userId = randomUUID();
    await handle.db.insert(storageBuckets).values([{ id: "files", name: "files" }, { id: "avatars", name: "avatars" }]);
    await handle.db.insert(storageObjects).values([
      { bucketId: "files", name: `${userId}/a`, ownerId: userId, version: randomUUID(), size: 1000, etag: "e", mimeType: "text/plain", cacheControl: "no-cache" },
      { bucketId: "avatars", name: `${userId}/b`, ownerId: userId, version: randomUUID(), size: 234, etag: "e", mimeType: "image/png", cacheControl: "no-cache" },
      { bucketId: "files", name: "other/c", ownerId: randomUUID(), version: randomUUID(), size: 999_999, etag: "e", mimeType: "text/plain", cacheControl: "no-cache" },
    ]);
    expect(await getStorageUsage(handle.db, userId, true)).toEqual({ usedBytes: 1234, quotaBytes: bytesOf("free") });
    expect(await getStorageUsage(handle.db, userId, false)).toEqual({ usedBytes: null, quotaBytes: bytesOf("free") });
  });
});
