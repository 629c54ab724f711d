import { getApp } from "@/features/ai-apps/server";
import type { UserDifyReader } from "@/features/ai-chat/server";
import { ApiRouteError } from "@/lib/api";
import type { Database } from "@/lib/db/types";
import { appRateLimitStore } from "@/lib/rate-limit";
import type { ConversationShare } from "../types";
import { readConversationSnapshot, readConversationTitle } from "./conversation-snapshot";
import { countLiveShares, createShare, listShares, revokeShare, type StoredShare } from "./shares-repository";
import { shareUrl } from "./share-token";

/** New links a user may make a minute: each reads the whole conversation upstream and stores up to 1 MB. */
export const SHARES_PER_MINUTE = 10;
/** Live links a user may hold at once (so at most ~200 MB of snapshots each). */
export const MAX_LIVE_SHARES = 200;
export const SHARE_NOT_FOUND = "分享不存在或已停止";

export interface OwnerContext {
  db: Database;
  userId: string;
  /** The site's public origin the links are built on. */
  siteOrigin: string;
}

/**
 * Shares one of the signed-in user's conversations: the messages are read through the AI proxy as
 * that user (`read`), so a conversation of another user answers 404 and nothing is stored.
 */
export async function shareConversation(owner: OwnerContext, read: UserDifyReader, appid: string, conversationId: string): Promise<ConversationShare> {
  const { db, userId } = owner;
  const [made = 0] = await appRateLimitStore(db).increment([`conversation-share:${userId}`], 60_000);
  if (made > SHARES_PER_MINUTE) throw new ApiRouteError(429, "分享太频繁，请稍后再试");
  if ((await countLiveShares(db, userId)) >= MAX_LIVE_SHARES) {
    throw new ApiRouteError(409, `分享链接已达上限（${MAX_LIVE_SHARES} 个），请先停止一些不再需要的分享`);
  }
  const app = await getApp(appid, db);
  if (!app) throw new ApiRouteError(404, "应用不存在或已停用");
  const snapshot = await readConversationSnapshot(read, conversationId);
  const title = await readConversationTitle(read, conversationId);
  const share = await createShare(db, { userId, appid, conversationId, appName: app.name, title, snapshot });
  return toConversationShare(share, owner.siteOrigin);
}

export async function listConversationShares(owner: OwnerContext, appid: string, conversationId?: string): Promise<ConversationShare[]> {
  const shares = await listShares(owner.db, owner.userId, appid, conversationId);
  return shares.map((share) => toConversationShare(share, owner.siteOrigin));
}

/** Stops one of the user's shares; another user's, an unknown or an already stopped one is 404. */
export async function stopSharing(db: Database, userId: string, id: string): Promise<void> {
  if (!(await revokeShare(db, userId, id))) throw new ApiRouteError(404, SHARE_NOT_FOUND);
}

function toConversationShare(share: StoredShare, siteOrigin: string): ConversationShare {
  return {
    id: share.id,
    url: shareUrl(siteOrigin, share.token),
    conversation_id: share.conversationId,
    title: share.title,
    message_count: share.messageCount,
    created_at: share.createdAt.toISOString(),
  };
}
