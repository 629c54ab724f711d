import type { Context } from "hono";
import { z } from "@/lib/zod";
import { apiError, badRequest } from "./errors";

/** supabase-js sends `null` for absent optional fields; GoTrue treats both alike. */
function stripNulls(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null));
}

/** Parses and validates the JSON body (empty body = `{}`); errors in GoTrue's shape. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await c.req.text();
  let json: unknown = {};
  if (raw.trim()) {
    try {
      json = JSON.parse(raw);
    } catch (error) {
      throw apiError(400, "bad_json", `Could not parse request body as JSON: ${(error as Error).message}`);
    }
  }
  const result = schema.safeParse(stripNulls(json));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw badRequest(`${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return result.data;
}

export const metadataSchema = z.record(z.string(), z.unknown());

export const pkceFields = {
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
