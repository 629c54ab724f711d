import { z } from "@/lib/zod";
import { postJson, webResult, WebSearchFailed, type WebSearchProvider } from "../../web-result";

/** 博查 Web Search API: `POST /v1/web-search` with a Bearer key; results in `data.webPages.value`. */
const answerSchema = z.looseObject({
  data: z.looseObject({
    webPages: z.looseObject({ value: z.array(z.looseObject({ name: z.unknown().optional(), url: z.unknown().optional(), snippet: z.unknown().optional(), summary: z.unknown().optional() })).default([]) }).optional(),
  }),
});

export function bochaProvider(options: { apiKey: string; baseUrl: string; fetch?: typeof fetch }): WebSearchProvider {
  return {
    name: "博查搜索",
    async search(query, { count, signal }) {
      // `summary: true` asks for each page's longer summary, which reads better to the model than the snippet.
      const json = await postJson("bocha", `${options.baseUrl}/v1/web-search`, { query, count, freshness: "noLimit", summary: true }, { headers: { Authorization: `Bearer ${options.apiKey}` }, signal, fetch: options.fetch });
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new WebSearchFailed("bocha", "unexpected answer");
      return (parsed.data.data.webPages?.value ?? []).flatMap((item) => webResult(item.name, item.url, typeof item.summary === "string" && item.summary ? item.summary : item.snippet));
    },
  };
}
