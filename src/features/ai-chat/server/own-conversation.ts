import { ApiRouteError } from "@/lib/api";
import type { MessagePage } from "../types";
import type { UserDifyReader } from "./user-dify-reader";

export const CONVERSATION_NOT_FOUND = "对话不存在或已被删除";

/**
 * Throws 404 unless the conversation is this user's (in this app). Dify answers another user's or
 * an unknown conversation's messages with 404 (`user` is the proxy's); a first page of one message
 * is the cheapest call that tells.
 */
export async function assertOwnConversation(read: UserDifyReader, conversationId: string): Promise<void> {
  try {
    await read<MessagePage>("messages", { conversation_id: conversationId, limit: 1 });
  } catch (error) {
    if (error instanceof ApiRouteError && (error.statusCode === 404 || error.statusCode === 400)) throw new ApiRouteError(404, CONVERSATION_NOT_FOUND);
    throw error;
  }
}
