import { SourceRefused, type GroundingSource, type SourceFinder } from "@/features/ai-models/server";
import type { Database } from "@/lib/db/types";
import { appRateLimitStore } from "@/lib/rate-limit/app-store";
import type { WebSearchProvider } from "./web-result";

/** Results read per question: enough to answer from, few enough to leave the model room. */
const RESULTS_PER_SEARCH = 5;

export const WEB_SEARCH_TOO_OFTEN = "联网搜索太频繁了，请稍等一会儿再试，或先关闭联网搜索。";
export const WEB_SEARCH_UNAVAILABLE = "联网搜索暂时不可用，请稍后再试，或关闭联网搜索后再提问。";

export interface WebSourceFinderDeps {
  db: Database;
  provider: WebSearchProvider;
  /** Searches per user per window (WEB_SEARCH_RATE_LIMIT). */
  rateLimit: { max: number; windowMs: number };
  /** Each search that ran, for the usage counts. */
  recordSearch: (search: { userId: string; appid: string; provider: string; results: number }) => Promise<void>;
}

/** "次数/秒数" (WEB_SEARCH_RATE_LIMIT) as a limit. */
export function parseRateLimit(text: string): { max: number; windowMs: number } {
  const [max = "10", seconds = "60"] = text.split("/");
  return { max: Number(max), windowMs: Number(seconds) * 1000 };
}

/**
 * The finder of kind "web": searches only when the user turned 联网搜索 on (chat-messages.ts already
 * dropped the choice for an app whose operator did not enable it), within the user's rate limit.
 */
export function webSourceFinder(deps: WebSourceFinderDeps): SourceFinder {
  return async (request) => {
    if (!request.choices.webSearch) return [];
    const [count = 0] = await appRateLimitStore(deps.db).increment([`web-search:${request.userId}`], deps.rateLimit.windowMs);
    if (count > deps.rateLimit.max) throw new SourceRefused(WEB_SEARCH_TOO_OFTEN, 429);
    let results;
    try {
      results = await deps.provider.search(request.query, { count: RESULTS_PER_SEARCH, signal: request.signal });
    } catch (error) {
      if (request.signal.aborted) throw error;
      console.warn(`[web search] ${String(error)}`);
      throw new SourceRefused(WEB_SEARCH_UNAVAILABLE, 502);
    }
    await deps.recordSearch({ userId: request.userId, appid: request.appid, provider: deps.provider.name, results: results.length });
    return results.slice(0, RESULTS_PER_SEARCH).map(
      (result): GroundingSource => ({ kind: "web", datasetName: deps.provider.name, documentName: result.title, content: result.snippet, segmentId: result.url, url: result.url, score: null }),
    );
  };
}
