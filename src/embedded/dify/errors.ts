import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Dify's error envelope (reference §1.1): branch on `code`, show `message`. */
export function difyError(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  const headers: Record<string, string> = {};
  if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="api"';
  return c.json({ code, message, status }, status, headers);
}

export const CONVERSATION_NOT_EXISTS = "Conversation Not Exists.";
export const MESSAGE_NOT_EXISTS = "Message Not Exists.";
