import "server-only";
import type { ProxyModeration } from "@/features/ai-apps/server";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { providerFromEnv } from "../providers/registry";
import { WordListCache } from "../providers/words/store";
import { createProxyModeration } from "./proxy-moderation";

/** The process's built-in list (the console's edits invalidate it at once). */
export function getWordList(): WordListCache {
  return processSingleton("sparkai.moderationWords", () => new WordListCache(getDatabase, getEnv().MODERATION_WORDS_FILE));
}

/** Content safety for the process's AI proxy, as configured (`MODERATION_*`). */
export function getProxyModeration(): ProxyModeration {
  return processSingleton("sparkai.proxyModeration", () => {
    const env = getEnv();
    return createProxyModeration({ database: getDatabase, provider: providerFromEnv(env, getWordList()), timeoutMs: env.MODERATION_TIMEOUT_MS, fail: env.MODERATION_FAIL });
  });
}
