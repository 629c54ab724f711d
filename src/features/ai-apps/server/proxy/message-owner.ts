import type { AiApp } from "../registry";
import { jsonError, mapUpstreamError, MESSAGES } from "./errors";
import type { UpstreamCaller } from "./upstream";

const PAGE_SIZE = 100;
/** A read-aloud is for an answer on the screen: the conversation's latest 500 messages are searched. */
const MAX_PAGES = 5;

/**
 * Whether `messageId` is a message of the user's conversation `conversationId`. Dify's text-to-audio
 * reads any message by id — of any user, even of any app — so the proxy asks first, as the user,
 * through `GET /messages` (scoped to the end user's conversations). Answers null when it is, else
 * the error to answer (404 for another user's message or conversation).
 */
export async function checkOwnMessage(callUpstream: UpstreamCaller, app: AiApp, userId: string, ids: { conversationId: string; messageId: string }, signal: AbortSignal): Promise<Response | null> {
  let firstId: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ conversation_id: ids.conversationId, user: userId, limit: String(PAGE_SIZE) });
    if (firstId) query.set("first_id", firstId);
    let response: Response;
    try {
      response = await callUpstream(app, { method: "GET", path: "/messages", query, signal: AbortSignal.any([signal, AbortSignal.timeout(15_000)]) });
    } catch {
      return jsonError(502, MESSAGES.unreachable);
    }
    if (!response.ok) return mapUpstreamError(response);
    const body = (await response.json().catch(() => null)) as { data?: unknown; has_more?: unknown } | null;
    const rows = Array.isArray(body?.data) ? (body.data as { id?: unknown }[]) : [];
    if (rows.some((row) => row.id === ids.messageId)) return null;
    const oldest = rows[0]?.id;
    if (body?.has_more !== true || typeof oldest !== "string") break;
    firstId = oldest;
  }
  return jsonError(404, "消息不存在或已删除");
}
