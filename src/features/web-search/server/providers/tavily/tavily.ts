import { z } from "@/lib/zod";
import { postJson, webResult, WebSearchFailed, type WebSearchProvider } from "../../web-result";

/** Tavily: `POST /search` with a Bearer key; results in `results` (`title`, `url`, `content`). */
const answerSchema = z.looseObject({
  results: z.array(z.looseObject({ title: z.unknown().optional(), url: z.unknown().optional(), content: z.unknown().optional() })).default([]),
});

export function tavilyProvider(options: { apiKey: string; baseUrl: string; fetch?: typeof fetch }): WebSearchProvider {
  return {
    name: "Tavily",
    async search(query, { count, signal }) {
      const body = { query, max_results: count, search_depth: "basic", include_answer: false };
      const json = await postJson("tavily", `${options.baseUrl}/search`, body, { headers: { Authorization: `Bearer ${options.apiKey}` }, signal, fetch: options.fetch });
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new WebSearchFailed("tavily", "unexpected answer");
      return parsed.data.results.flatMap((item) => webResult(item.title, item.url, item.content));
    },
  };
}
