import { getDatabase } from "@/lib/db";
import { SHARE_TOKEN_PATTERN } from "../schemas";
import type { SharedConversation } from "../types";
import { shareOwnerState } from "./share-owner";
import { deleteSharesOf, findLiveShare } from "./shares-repository";

/**
 * What `/share/{token}` shows, or undefined (the page answers 404) for a malformed, unknown or
 * stopped token, or when the owner is banned or gone — a deleted account takes its shares with it.
 * Reads nothing of the visitor: the page is the same for everyone who has the link.
 */
export async function loadSharedConversation(token: string): Promise<SharedConversation | undefined> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  const db = await getDatabase();
  const share = await findLiveShare(db, token);
  if (!share) return undefined;
  const owner = await shareOwnerState(share.userId).catch((error: unknown) => {
    console.error("share owner check failed", error);
    return "unknown" as const;
  });
  if (owner === "gone") await deleteSharesOf(db, share.userId);
  if (owner !== "active") return undefined;
  return { appName: share.appName, title: share.title, sharedAt: share.createdAt, messages: share.snapshot };
}
