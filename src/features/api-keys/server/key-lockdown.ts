import { and, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, type ApiKeyRow, type Database } from "@/lib/db";
import type { UpdateApiKeyInput } from "../schemas";
import { canonicalCidr, MAX_SEEN_NETWORKS } from "./key-networks";

/** The allow-list as stored: canonical, without duplicates; null (anywhere) stays null. */
export function canonicalAllowList(entries: readonly string[] | null | undefined): string[] | null {
  if (!entries) return null;
  return [...new Set(entries.map((entry) => canonicalCidr(entry)).filter((entry): entry is string => Boolean(entry)))];
}

/** Changes a live key's allow-list and per-minute limit (absent fields unchanged); undefined when it is not the user's. */
export async function updateApiKeyLockdown(db: Database, userId: string, id: string, input: UpdateApiKeyInput): Promise<ApiKeyRow | undefined> {
  const changes: Partial<Pick<ApiKeyRow, "allowedIps" | "requestsPerMinute">> = {};
  if (input.allowedIps !== undefined) changes.allowedIps = canonicalAllowList(input.allowedIps);
  if (input.requestsPerMinute !== undefined) changes.requestsPerMinute = input.requestsPerMinute;
  const where = and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  if (Object.keys(changes).length === 0) return (await db.select().from(apiKeys).where(where))[0];
  const [row] = await db.update(apiKeys).set(changes).where(where).returning();
  return row;
}

/**
 * Adds `network` to the key's seen networks; true only for the request that added it (the check is
 * in the UPDATE's WHERE, so two processes seeing a new network at once notify once). The list keeps
 * the newest MAX_SEEN_NETWORKS: a key used from ever more networks forgets the oldest.
 */
export async function rememberNetwork(db: Database, keyId: string, network: string): Promise<boolean> {
  const added = await db
    .update(apiKeys)
    .set({
      seenNetworks: sql`(select coalesce(jsonb_agg(value order by ordinality), '[]'::jsonb) from jsonb_array_elements(${apiKeys.seenNetworks} || ${JSON.stringify([network])}::jsonb) with ordinality
        where ordinality > jsonb_array_length(${apiKeys.seenNetworks}) + 1 - ${MAX_SEEN_NETWORKS})`,
    })
    .where(and(eq(apiKeys.id, keyId), sql`not (${apiKeys.seenNetworks} @> ${JSON.stringify([network])}::jsonb)`))
    .returning({ id: apiKeys.id });
  return added.length > 0;
}
