import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webSearchProviderFor } from "./providers";

// Each search service's HTTP API played by one local fake (routed by path), answering as their public
// docs show; it records what it was asked, so the request shapes are checked too.
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: Record<string, unknown> | null;
}
const seen: Seen[] = [];
let baseUrl: string;
let close: () => Promise<void>;

const hostile = { title: "<script>alert(1)</script>标题 &amp; <em>命中</em>", url: "javascript:alert(1)", text: "<img src=x onerror=alert(1)>摘要" };

const ANSWERS: Record<string, unknown> = {
  "/v1/web-search": {
    code: 200,
    msg: null,
    data: {
      _type: "SearchResponse",
      webPages: {
        value: [
          { id: "1", name: "博查 <em>结果</em>", url: "https://example.com/a", snippet: "短摘要", summary: "较长的摘要" },
          { id: "2", name: hostile.title, url: hostile.url, snippet: hostile.text },
        ],
      },
    },
  },
  "/api/paas/v4/web_search": { id: "x", created: 1, search_result: [{ title: "智谱结果", link: "https://example.com/z", content: "智谱内容", media: "例子", refer: "ref_1" }, { title: hostile.title, link: "https://example.com/h", content: hostile.text }] },
  "/search": { query: "q", results: [{ title: "Tavily 结果", url: "https://example.com/t", content: "Tavily 内容", score: 0.8 }, { title: "空", url: "https://example.com/empty", content: "" }] },
};

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let text = "";
  for await (const part of request) text += part;
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

beforeAll(async () => {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    seen.push({ method: request.method ?? "", url: request.url ?? "", authorization: request.headers.authorization, body: await readBody(request) });
    if (url.pathname === "/broken/v1/web-search") return response.writeHead(503).end("busy");
    // SearXNG answers GET /search?format=json; Tavily POSTs to the same path.
    const answer = request.method === "GET" ? { results: [{ title: "SearXNG 结果", url: "https://example.com/s", content: "SearXNG 内容", engine: "bing" }] } : ANSWERS[url.pathname];
    response.writeHead(answer ? 200 : 404, { "Content-Type": "application/json" }).end(JSON.stringify(answer ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const env = (provider: "bocha" | "zhipu" | "tavily" | "searxng", base = baseUrl) => ({ WEB_SEARCH_PROVIDER: provider, WEB_SEARCH_API_KEY: "sk-search", WEB_SEARCH_BASE_URL: base, SITE_URL: "https://spark.example" });
const search = (provider: "bocha" | "zhipu" | "tavily" | "searxng", query = "今天的新闻", base?: string) =>
  webSearchProviderFor(env(provider, base)).search(query, { count: 5, signal: AbortSignal.timeout(5_000) });

describe("web search services against local fakes of their APIs", () => {
  it("博查: POST /v1/web-search with the key, summaries preferred; hostile results become plain text or are dropped", async () => {
    const results = await search("bocha");
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/v1/web-search", authorization: "Bearer sk-search", body: { query: "今天的新闻", count: 5, summary: true, freshness: "noLimit" } });
    // The javascript: result is dropped; tags are gone from the title.
    expect(results).toEqual([{ title: "博查 结果", url: "https://example.com/a", snippet: "较长的摘要" }]);
  });

  it("智谱: POST /api/paas/v4/web_search with search_query (70 characters at most) and the engine", async () => {
    const results = await search("zhipu", "问".repeat(100));
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/api/paas/v4/web_search", authorization: "Bearer sk-search", body: { search_query: "问".repeat(70), search_engine: "search_std", count: 5 } });
    expect(results).toEqual([
      { title: "智谱结果", url: "https://example.com/z", snippet: "智谱内容" },
      { title: "alert(1)标题 & 命中", url: "https://example.com/h", snippet: "摘要" },
    ]);
  });

  it("Tavily: POST /search with max_results; a result without text is left out", async () => {
    const results = await search("tavily");
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/search", authorization: "Bearer sk-search", body: { query: "今天的新闻", max_results: 5, search_depth: "basic" } });
    expect(results).toEqual([{ title: "Tavily 结果", url: "https://example.com/t", snippet: "Tavily 内容" }]);
  });

  it("SearXNG: GET /search?q=…&format=json", async () => {
    const results = await search("searxng");
    const url = new URL(seen.at(-1)!.url, "http://fake");
    expect([seen.at(-1)!.method, url.pathname, url.searchParams.get("q"), url.searchParams.get("format")]).toEqual(["GET", "/search", "今天的新闻", "json"]);
    expect(results).toEqual([{ title: "SearXNG 结果", url: "https://example.com/s", snippet: "SearXNG 内容" }]);
  });

  it("a failing service is an error the finder turns into a Chinese message", async () => {
    await expect(search("bocha", "q", `${baseUrl}/broken`)).rejects.toThrow(/HTTP 503/);
  });
});
