import type { z } from "@/lib/zod";
import { ApiRouteError } from "./api-error";
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "./storable-text";

/**
 * The one reader of JSON request bodies for our API routes. A body is read as JSON only when it says
 * it is JSON: a cross-site HTML form or a "simple" fetch can send `text/plain` without a CORS
 * preflight, and it must not be taken for the JSON our own pages send.
 */

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = "请求内容必须是 JSON（Content-Type: application/json）";

/** `application/json` or a `+json` type, any parameters (charset). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const type = header.split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

async function readJson(request: Request, { emptyAs }: { emptyAs?: unknown }): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "" && emptyAs !== undefined) return emptyAs;
  if (!isJsonContentType(request.headers.get("content-type"))) throw new ApiRouteError(415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ApiRouteError(400, "请求内容不是有效的 JSON");
  }
  if (findUnstorableText(body)) throw new UnstorableTextError();
  return body;
}

/** A JSON body with text the database cannot store (see storable-text.ts): 400. */
export class UnstorableTextError extends ApiRouteError {
  constructor() {
    super(400, UNSTORABLE_TEXT_MESSAGE);
  }
}

/** Reads a JSON body and validates it; a non-JSON type is 415, bad JSON or a failed schema 400. */
export async function parseJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const body = await readJson(request, {});
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiRouteError(400, result.error.issues[0]?.message ?? "请求参数无效");
  return result.data;
}

/** For routes whose body may be left out (the Dify proxy's stop / delete calls): empty reads as `{}`. */
export function readOptionalJsonBody(request: Request): Promise<unknown> {
  return readJson(request, { emptyAs: {} });
}
