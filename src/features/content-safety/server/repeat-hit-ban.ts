import { and, count, eq, gte } from "drizzle-orm";
import { adminAuditLog, moderationHits, SYSTEM_ACTOR_ID } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import type { BanPolicy } from "./ban-policy";

/**
 * Bans a user through the auth service (GoTrue's `ban_duration`, the console's 封禁): the new end of
 * the ban and the one before, or nothing when the user is already banned (no second ban, no second
 * audit row while hits of one stream keep arriving).
 */
export type UserBanner = (userId: string, minutes: number) => Promise<{ before: string | null; bannedUntil: string } | undefined>;

export interface RepeatHitBanDeps {
  database: () => Promise<Database>;
  policy: () => Promise<BanPolicy>;
  ban: UserBanner;
}

/**
 * Called after a hit is recorded: when the user has `hits` hits within the window, bans them for
 * the policy's time and writes the audit row (`user.ban.content_safety`). Answers the ban's end, or
 * nothing (policy off, too few hits, already banned).
 */
export async function banOnRepeatedHits(deps: RepeatHitBanDeps, userId: string, now = new Date()): Promise<string | undefined> {
  const policy = await deps.policy();
  if (policy.hits <= 0) return undefined;
  const db = await deps.database();
  const since = new Date(now.getTime() - policy.windowMinutes * 60_000);
  const [row] = await db
    .select({ hits: count() })
    .from(moderationHits)
    .where(and(eq(moderationHits.userId, userId), gte(moderationHits.createdAt, since)));
  const hits = row?.hits ?? 0;
  if (hits < policy.hits) return undefined;
  const banned = await deps.ban(userId, policy.banMinutes);
  if (!banned) return undefined;
  await db.insert(adminAuditLog).values({
    actorId: SYSTEM_ACTOR_ID,
    action: "user.ban.content_safety",
    targetUserId: userId,
    before: { bannedUntil: banned.before },
    after: { bannedUntil: banned.bannedUntil, hits, windowMinutes: policy.windowMinutes, banMinutes: policy.banMinutes },
    ip: null,
  });
  return banned.bannedUntil;
}
