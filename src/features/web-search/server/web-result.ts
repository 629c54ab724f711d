/** One search result as every provider answers it (plain text; the address http(s) only). */
export interface WebResult {
  title: string;
  url: string;
  /** The provider's snippet or summary: the text the model reads. */
  snippet: string;
}

/** A search service: the name shown above its results (引用) and how it searches. */
export interface WebSearchProvider {
  name: string;
  search(query: string, options: { count: number; signal: AbortSignal }): Promise<WebResult[]>;
}

/** The search service failed (HTTP status, malformed answer): the finder tells the user in Chinese. */
export class WebSearchFailed extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider}: ${detail}`);
    this.name = "WebSearchFailed";
  }
}

// Results are someone else's text: tags (providers mark hits with <em>) and entities are reduced to
// plain text here, and React renders it as text; an address that is not http(s) is dropped.
const TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": " " };

export function plainText(value: unknown, max = 2_000): string {
  if (typeof value !== "string") return "";
  return value
    .replace(TAG, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A provider's raw item as a result, or nothing when it has no usable address or text. */
export function webResult(title: unknown, url: unknown, snippet: unknown): WebResult[] {
  const href = httpUrl(url);
  const text = plainText(snippet);
  if (!href || !text) return [];
  return [{ title: plainText(title, 200) || href, url: href, snippet: text }];
}

/** POSTs JSON to a search API and answers its JSON body; any failure is a WebSearchFailed. */
export async function postJson(provider: string, url: string, body: unknown, options: { headers?: Record<string, string>; signal: AbortSignal; fetch?: typeof fetch }): Promise<unknown> {
  return readJson(provider, await (options.fetch ?? fetch)(url, { method: "POST", headers: { "Content-Type": "application/json", ...options.headers }, body: JSON.stringify(body), signal: options.signal }).catch(failure(provider)));
}

export async function getJson(provider: string, url: string, options: { signal: AbortSignal; fetch?: typeof fetch }): Promise<unknown> {
  return readJson(provider, await (options.fetch ?? fetch)(url, { headers: { Accept: "application/json" }, signal: options.signal }).catch(failure(provider)));
}

const failure = (provider: string) => (error: unknown): never => {
  throw new WebSearchFailed(provider, `request failed: ${String(error)}`);
};

async function readJson(provider: string, response: Response): Promise<unknown> {
  if (!response.ok) throw new WebSearchFailed(provider, `HTTP ${response.status}`);
  return response.json().catch(() => {
    throw new WebSearchFailed(provider, "malformed JSON");
  });
}
