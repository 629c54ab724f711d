import "server-only";
import type { ProxyModeration } from "@/features/ai-apps/server";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { providerFromEnv } from "../providers/registry";
import { WordListCache } from "../providers/words/store";
import { createProxyModeration } from "./proxy-moderation";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";
import { createAuthBanner } from "./auth-banner";
import { loadBanPolicyOverrides, type BanPolicy } from "./ban-policy";
import { banOnRepeatedHits } from "./repeat-hit-ban";

/** The repeated-hit ban in force: the console's overrides over `MODERATION_BAN_*`. */
export async function loadBanPolicy(): Promise<BanPolicy> {
  return { ...banPolicyFromEnv(), ...(await loadBanPolicyOverrides(await getDatabase())) };
}

export function banPolicyFromEnv(): BanPolicy {
  const env = getEnv();
  return { hits: env.MODERATION_BAN_HITS, windowMinutes: env.MODERATION_BAN_WINDOW_MINUTES, banMinutes: env.MODERATION_BAN_MINUTES };
}

/** The process's built-in list (the console's edits invalidate it at once). */
export function getWordList(): WordListCache {
  return processSingleton("sparkai.moderationWords", () => new WordListCache(getDatabase, getEnv().MODERATION_WORDS_FILE));
}

/** Content safety for the process's AI proxy, as configured (`MODERATION_*`). */
export function getProxyModeration(): ProxyModeration {
  return processSingleton("sparkai.proxyModeration", () => {
    const env = getEnv();
    return createProxyModeration({
      database: getDatabase,
      provider: providerFromEnv(env, getWordList()),
      timeoutMs: env.MODERATION_TIMEOUT_MS,
      fail: env.MODERATION_FAIL,
      // Read on each hit (rare): the console's change applies at once, in every process.
      afterHit: (userId) => banOnRepeatedHits({ database: getDatabase, policy: loadBanPolicy, ban: createAuthBanner(createSupabaseAdminClient) }, userId),
    });
  });
}
