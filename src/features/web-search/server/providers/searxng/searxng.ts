import { z } from "@/lib/zod";
import { getJson, webResult, WebSearchFailed, type WebSearchProvider } from "../../web-result";

/** A SearXNG instance: `GET /search?q=…&format=json` (the instance must allow the json format). */
const answerSchema = z.looseObject({
  results: z.array(z.looseObject({ title: z.unknown().optional(), url: z.unknown().optional(), content: z.unknown().optional() })).default([]),
});

export function searxngProvider(options: { baseUrl: string; fetch?: typeof fetch }): WebSearchProvider {
  return {
    name: "SearXNG",
    async search(query, { count, signal }) {
      const url = new URL(`${options.baseUrl}/search`);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      const json = await getJson("searxng", url.href, { signal, fetch: options.fetch });
      const parsed = answerSchema.safeParse(json);
      if (!parsed.success) throw new WebSearchFailed("searxng", "unexpected answer");
      return parsed.data.results.flatMap((item) => webResult(item.title, item.url, item.content)).slice(0, count);
    },
  };
}
