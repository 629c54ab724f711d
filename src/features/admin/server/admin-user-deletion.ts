import "server-only";
import { and, eq, getTableName, inArray, like, or } from "drizzle-orm";
import { listEnabledAppsWithUpstream, type DifyProxy } from "@/features/ai-apps/server";
import { getAiProxy } from "@/features/ai-call/server";
import { ApiRouteError } from "@/lib/api";
import {
  difyDemoConversations,
  difyDemoFiles,
  difyDemoMessages,
  invitations,
  profiles,
  storageBuckets,
  storageObjects,
  type Database,
} from "@/lib/db";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { recordAdminAction } from "./admin-audit";
import type { AdminActor } from "./admin-user-actions";
import { loadUser } from "./admin-user-lookup";
import { ERASED_USER_TABLES } from "./user-data-tables";


export type DeletedUserSummary = { rows: Record<string, number>; storageObjects: number; difyConversations: number };

/** Each Dify chat app's conversations of the user, deleted through the proxy as that user (hosted or demo Dify alike). */
async function deleteDifyConversations(proxy: DifyProxy, userId: string): Promise<number> {
  let deleted = 0;
  const apps = (await listEnabledAppsWithUpstream()).filter((app) => app.kind === "chat" && !app.modelSettings);
  for (const app of apps) {
    // A page at a time from the top: what was deleted drops out of the next listing. Bounded for safety.
    for (let round = 0; round < 200; round += 1) {
      const url = `http://internal/api/ai/dify/conversations?appid=${encodeURIComponent(app.appid)}&limit=100`;
      const listed = await proxy.handle(new Request(url), { path: ["conversations"], userId });
      if (!listed.ok) throw new ApiRouteError(502, `应用「${app.name}」的对话无法删除，请稍后重试`);
      const { data } = (await listed.json()) as { data: { id: string }[] };
      if (data.length === 0) break;
      for (const { id } of data) {
        const request = new Request(`http://internal/api/ai/dify/conversations/${id}?appid=${encodeURIComponent(app.appid)}`, {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        const response = await proxy.handle(request, { path: ["conversations", id], userId });
        if (!response.ok && response.status !== 404) throw new ApiRouteError(502, `应用「${app.name}」的对话无法删除，请稍后重试`);
        deleted += 1;
      }
    }
  }
  return deleted;
}

/**
 * The user's files in the embedded storage (rows name their owner), removed through the storage
 * API with the service key so the bytes on disk go too; then their buckets, when nobody else's
 * files remain in them. With a hosted project our database has no `storage.objects`: nothing found.
 */
async function deleteStoredFiles(db: Database, userId: string): Promise<number> {
  // Knowledge documents are stored with the service key (no owner) under `<user id>/` in their bucket.
  const knowledge = and(eq(storageObjects.bucketId, "knowledge-documents"), like(storageObjects.name, `${userId}/%`));
  const objects = await db.select({ bucketId: storageObjects.bucketId, name: storageObjects.name }).from(storageObjects).where(or(eq(storageObjects.ownerId, userId), knowledge));
  const admin = await createSupabaseAdminClient();
  const byBucket = new Map<string, { name: string }[]>();
  for (const object of objects) byBucket.set(object.bucketId, [...(byBucket.get(object.bucketId) ?? []), object]);
  for (const [bucketId, inBucket] of byBucket) {
    for (let start = 0; start < inBucket.length; start += 500) {
      const { error } = await admin.storage.from(bucketId).remove(inBucket.slice(start, start + 500).map((object) => object.name));
      if (error) throw new ApiRouteError(502, "用户的文件删除失败，请稍后重试");
    }
  }
  const buckets = await db.select({ id: storageBuckets.id }).from(storageBuckets).where(eq(storageBuckets.ownerId, userId));
  if (buckets.length > 0) {
    const stillUsed = new Set(
      (await db.selectDistinct({ bucketId: storageObjects.bucketId }).from(storageObjects).where(inArray(storageObjects.bucketId, buckets.map((bucket) => bucket.id)))).map((row) => row.bucketId),
    );
    for (const bucket of buckets) if (!stillUsed.has(bucket.id)) await admin.storage.deleteBucket(bucket.id);
  }
  return objects.length;
}

/**
 * Everything of the user except the auth user and the records kept on purpose (KEPT_USER_TABLES in user-data-tables.ts):
 * their Dify conversations, demo Dify rows, stored files and every product table keyed by the user
 * id. Idempotent. Shared with 注销账号 (src/features/personal-data), which deletes the auth user itself.
 */
export async function eraseUserData(db: Database, userId: string, proxy: DifyProxy): Promise<DeletedUserSummary> {
  const difyConversations = await deleteDifyConversations(proxy, userId);
  // The demo Dify soft-deletes like Dify does; its rows for this end user go for good.
  await db.delete(difyDemoMessages).where(eq(difyDemoMessages.endUser, userId));
  await db.delete(difyDemoConversations).where(eq(difyDemoConversations.endUser, userId));
  await db.delete(difyDemoFiles).where(eq(difyDemoFiles.endUser, userId));
  const stored = await deleteStoredFiles(db, userId);

  const rows: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const table of ERASED_USER_TABLES) {
      const removed = await tx.delete(table).where(eq(table.userId, userId)).returning({ userId: table.userId });
      if (removed.length > 0) rows[getTableName(table)] = removed.length;
    }
    // Invitations name two users (and hold the invitee's sign-up address and phone): either one's
    // deletion takes the row (the rewards already paid stay in the ledger, re-keyed with it).
    const removedInvitations = await tx.delete(invitations).where(or(eq(invitations.inviteeId, userId), eq(invitations.inviterId, userId))).returning({ id: invitations.inviteeId });
    if (removedInvitations.length > 0) rows.invitations = removedInvitations.length;
    const removedProfiles = await tx.delete(profiles).where(eq(profiles.id, userId)).returning({ id: profiles.id });
    if (removedProfiles.length > 0) rows.profiles = removedProfiles.length;
  });

  return { rows, storageObjects: stored, difyConversations };
}

/**
 * Deletes a user with their data: banned first (the embedded service ends their sessions; no new
 * rows while we delete), then conversations, files and every product table keyed by the user id,
 * then the auth user. Each step is idempotent, so a failure half-way can be retried. The proxy is the
 * quota-checked one: the process has one proxy, built by its first caller (see quota-checked-proxy.ts).
 */
export async function deleteUserWithData(db: Database, actor: AdminActor, userId: string, proxy: DifyProxy = getAiProxy()): Promise<DeletedUserSummary> {
  if (actor.userId === userId) throw new ApiRouteError(400, "不能删除自己的账号");
  const user = await loadUser(userId);
  const admin = await createSupabaseAdminClient();
  await admin.auth.admin.updateUserById(userId, { ban_duration: "876000h" });

  const { rows, storageObjects: stored, difyConversations } = await eraseUserData(db, userId, proxy);

  const { error } = await admin.auth.admin.deleteUser(userId);
  if (error) throw new ApiRouteError(502, "账号删除失败，请稍后重试");
  const summary = { rows, storageObjects: stored, difyConversations };
  await recordAdminAction(db, {
    actorId: actor.userId,
    action: "user.delete",
    targetUserId: userId,
    before: { email: user.email ?? null, phone: user.phone || null },
    after: summary,
    ip: actor.ip,
  });
  return summary;
}
