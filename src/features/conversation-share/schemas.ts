import { APPID_PATTERN } from "@/features/ai-apps";
import { z } from "@/lib/zod";

// Requests of the share routes (src/app/api/ai/conversations/shares/…), shared with their tests.
// Messages are the ones the user sees in the 400 answer.

const appid = z.string({ message: "缺少应用 ID" }).regex(APPID_PATTERN, "应用 ID 格式不正确");
/** Dify's ids are UUIDs; a looser pattern still keeps paths and odd characters out. */
const conversationId = z.string({ message: "缺少对话 ID" }).regex(/^[A-Za-z0-9_-]{1,64}$/, "对话 ID 格式不正确");

/** POST /api/ai/conversations/shares (JSON body). */
export const createShareSchema = z.object({ appid, conversation_id: conversationId });

/** GET /api/ai/conversations/shares?appid=…[&conversation_id=…] */
export const shareListSchema = z.object({ appid, conversation_id: conversationId.optional() });

/** DELETE /api/ai/conversations/shares/{id} */
export const shareIdSchema = z.uuid({ message: "分享 ID 格式不正确" });

/** 24 random bytes in base64url: the only form a share token takes (anything else is not looked up). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
