import { z } from "@/lib/zod";
import { postJson, webResult, WebSearchFailed, type WebSearchProvider } from "../../web-result";

/** 智谱 Web Search API: `POST /api/paas/v4/web_search` with a Bearer key; results in `search_result`. */
const answerSchema = z.looseObject({
  search_result: z.array(z.looseObject({ title: z.unknown().optional(), link: z.unknown().optional(), content: z.unknown().optional() })).default([]),
});

export function zhipuProvider(options: { apiKey: string; baseUrl: string; engine: string; fetch?: typeof fetch }): WebSearchProvider {
  return {
    name: "智谱搜索",
    async search(query, { count, signal }) {
      // The API takes a query of at most 70 characters; a longer question is cut rather than refused.
      const body = { search_query: query.slice(0, 70), search_engine: options.engine, count, search_intent: false };
      const json = await postJson("zhipu", `${options.baseUrl}/api/paas/v4/web_search`, body, { headers: { Authorization: `Bearer ${options.apiKey}` }, signal, fetch: options.fetch });
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new WebSearchFailed("zhipu", "unexpected answer");
      return parsed.data.search_result.flatMap((item) => webResult(item.title, item.link, item.content));
    },
  };
}
