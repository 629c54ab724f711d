import "server-only";
import { registerSourceFinder } from "@/features/ai-models/server";
import type { Database } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { webSearchProviderFor } from "./server/providers";
import { recordWebSearch } from "./server/record-search";
import { parseRateLimit, webSourceFinder } from "./server/web-source-finder";

export { webSearchCount } from "./server/record-search";

/** 联网搜索 for model apps: the finder of kind "web", with the service WEB_SEARCH_PROVIDER names. */
export function registerWebSearch(db: Database, env: Env): void {
  registerSourceFinder(
    "web",
    webSourceFinder({
      db,
      provider: webSearchProviderFor(env),
      rateLimit: parseRateLimit(env.WEB_SEARCH_RATE_LIMIT),
      recordSearch: (search) => recordWebSearch(db, search),
    }),
  );
}
