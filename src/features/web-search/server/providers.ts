import type { Env } from "@/lib/env";
import { bochaProvider } from "./providers/bocha/bocha";
import { searxngProvider } from "./providers/searxng/searxng";
import { siteDocsProvider } from "./providers/site-docs/site-docs";
import { siteSections } from "./providers/site-docs/site-sections";
import { tavilyProvider } from "./providers/tavily/tavily";
import { zhipuProvider } from "./providers/zhipu/zhipu";
import type { WebSearchProvider } from "./web-result";

type SearchEnv = Pick<Env, "WEB_SEARCH_PROVIDER" | "WEB_SEARCH_API_KEY" | "WEB_SEARCH_BASE_URL" | "SITE_URL">;

const base = (env: SearchEnv, fallback: string) => (env.WEB_SEARCH_BASE_URL ?? fallback).replace(/\/+$/, "");
const key = (env: SearchEnv) => env.WEB_SEARCH_API_KEY ?? "";

/** One line per search service (WEB_SEARCH_PROVIDER); env.ts checks each has its key or address. */
const PROVIDERS: Record<Env["WEB_SEARCH_PROVIDER"], (env: SearchEnv, fetcher?: typeof fetch) => WebSearchProvider> = {
  site: (env) => siteDocsProvider({ siteUrl: env.SITE_URL, sections: siteSections }),
  bocha: (env, fetcher) => bochaProvider({ apiKey: key(env), baseUrl: base(env, "https://api.bochaai.com"), fetch: fetcher }),
  zhipu: (env, fetcher) => zhipuProvider({ apiKey: key(env), baseUrl: base(env, "https://open.bigmodel.cn"), engine: "search_std", fetch: fetcher }),
  tavily: (env, fetcher) => tavilyProvider({ apiKey: key(env), baseUrl: base(env, "https://api.tavily.com"), fetch: fetcher }),
  searxng: (env, fetcher) => searxngProvider({ baseUrl: base(env, ""), fetch: fetcher }),
};

export function webSearchProviderFor(env: SearchEnv, fetcher?: typeof fetch): WebSearchProvider {
  return PROVIDERS[env.WEB_SEARCH_PROVIDER](env, fetcher);
}
