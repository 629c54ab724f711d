import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SourceRefused, type GroundingRequest } from "@/features/ai-models/server";
import { openDatabase } from "@/lib/db/open";
import { webSearches } from "@/lib/db/schema/web-searches";
import type { DatabaseHandle } from "@/lib/db/types";
import { webSearchProviderFor } from "./providers";
import { recordWebSearch } from "./record-search";
import type { WebSearchProvider } from "./web-result";
import { WEB_SEARCH_TOO_OFTEN, WEB_SEARCH_UNAVAILABLE, webSourceFinder } from "./web-source-finder";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
});
afterAll(() => handle.close());

const searched: string[] = [];
const provider: WebSearchProvider = {
  name: "测试搜索",
  async search(query) {
    searched.push(query);
    if (query === "坏") throw new Error("HTTP 500");
    return [{ title: "结果", url: "https://example.com/r", snippet: "内容" }];
  },
};
const finderWith = (max: number) => webSourceFinder({ db: handle.db, provider, rateLimit: { max, windowMs: 60_000 }, recordSearch: (search) => recordWebSearch(handle.db, search) });
const request = (userId: string, query: string, webSearch = true): GroundingRequest => ({
  userId,
  appid: "app",
  conversationId: null,
  query,
  choices: { knowledgeBaseIds: [], documentIds: [], webSearch },
  signal: AbortSignal.timeout(5_000),
});

describe("the web source finder", () => {
  it("searches only when asked, returns web sources and counts each search", async () => {
    const user = randomUUID();
    const finder = finderWith(10);
    expect(await finder(request(user, "不搜", false))).toEqual([]);
    expect(searched).not.toContain("不搜");
    expect(await finder(request(user, "搜"))).toEqual([{ kind: "web", datasetName: "测试搜索", documentName: "结果", content: "内容", segmentId: "https://example.com/r", url: "https://example.com/r", score: null }]);
    const rows = (await handle.db.select().from(webSearches)).filter((row) => row.userId === user);
    expect(rows).toMatchObject([{ appid: "app", provider: "测试搜索", results: 1 }]);
  });

  it("holds each user to the rate limit with a Chinese message (another user is not affected)", async () => {
    const [user, other] = [randomUUID(), randomUUID()];
    const finder = finderWith(2);
    await finder(request(user, "一"));
    await finder(request(user, "二"));
    await expect(finder(request(user, "三"))).rejects.toEqual(new SourceRefused(WEB_SEARCH_TOO_OFTEN, 429));
    expect(searched).not.toContain("三");
    expect(await finder(request(other, "四"))).toHaveLength(1);
  });

  it("a failing service is a 502 refusal with a Chinese message", async () => {
    const error = await finderWith(10)(request(randomUUID(), "坏")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceRefused);
    expect(error).toMatchObject({ message: WEB_SEARCH_UNAVAILABLE, status: 502 });
  });
});

describe("the embedded default: the site's own docs and blog", () => {
  it("finds the docs page a question is about, linked absolutely under SITE_URL", async () => {
    const site = webSearchProviderFor({ WEB_SEARCH_PROVIDER: "site", WEB_SEARCH_API_KEY: undefined, WEB_SEARCH_BASE_URL: undefined, SITE_URL: "https://spark.example" });
    const results = await site.search("怎么创建 API 密钥？", { count: 5, signal: AbortSignal.timeout(5_000) });
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.url).toMatch(/^https:\/\/spark\.example\/(docs|blog)/);
    expect(results.some((result) => result.url.startsWith("https://spark.example/docs/api"))).toBe(true);
    expect(results[0]!.snippet.length).toBeGreaterThan(20);
  });
});
