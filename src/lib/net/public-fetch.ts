import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address";

/** Why a URL was not fetched, in Chinese for the user. */
export class PublicFetchError extends Error {
  override name = "PublicFetchError";
}

export interface PublicFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Tests only: lets a local test server be reached (the address check is what they test otherwise). */
  allowAddress?: (address: string) => boolean;
}

export interface PublicFetchResult {
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

const REFUSED = "这个网址指向内部网络，不能添加。";

/**
 * GET a user-given http(s) URL from the server without letting it reach internal addresses (SSRF). The check
 * happens in the socket's DNS lookup, so the address connected to is the address checked (no DNS-rebinding
 * window between a check and the connection); IP literals are checked before connecting; redirects are
 * followed by hand, each hop checked again; the body is cut off at `maxBytes`. Node's `fetch` offers no hook
 * on the connected address, hence node:http here.
 */
export async function fetchPublicUrl(url: string, options: PublicFetchOptions): Promise<PublicFetchResult> {
  const allowed = (address: string) => isPublicAddress(address) || (options.allowAddress?.(address) ?? false);
  let current = url;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    const target = parseTarget(current);
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(literal) && !allowed(literal)) throw new PublicFetchError(REFUSED);
    const response = await get(target, allowed, options.timeoutMs ?? 15_000);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target).toString();
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new PublicFetchError(`网页返回了错误（HTTP ${status}），无法添加。`);
    }
    const declared = Number(response.headers["content-length"] ?? 0);
    if (declared > options.maxBytes) {
      response.destroy();
      throw new PublicFetchError(tooLarge(options.maxBytes));
    }
    return { url: target.toString(), contentType: String(response.headers["content-type"] ?? ""), bytes: await readCapped(response, options.maxBytes) };
  }
  throw new PublicFetchError("网址重定向次数太多，无法添加。");
}

export const tooLarge = (maxBytes: number) => `文件太大：您的套餐每个文件最大 ${Math.round(maxBytes / 1024 / 1024)} MB。`;

function parseTarget(value: string): URL {
  let target: URL;
  try {
    target = new URL(value);
  } catch {
    throw new PublicFetchError("网址格式不正确。");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new PublicFetchError("只能添加 http 或 https 网址。");
  if (target.username || target.password) throw new PublicFetchError("网址里不能包含用户名或密码。");
  return target;
}

function get(target: URL, allowed: (address: string) => boolean, timeoutMs: number): Promise<IncomingMessage> {
  const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((entry) => !allowed(entry.address));
      if (refused || list.length === 0) return callback(new PublicFetchError(REFUSED), "", 4);
      if (lookupOptions.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
  const request: typeof httpRequest = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(target, { method: "GET", lookup: checkedLookup, timeout: timeoutMs, headers: { "user-agent": "SparkKnowledgeBot/1.0", accept: "text/html,application/pdf,text/plain,text/markdown,*/*;q=0.5" } }, resolve);
    outgoing.on("timeout", () => outgoing.destroy(new PublicFetchError("网页响应超时，无法添加。")));
    outgoing.on("error", (error) => reject(error instanceof PublicFetchError ? error : new PublicFetchError("无法连接到这个网址。")));
    outgoing.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) {
      response.destroy();
      throw new PublicFetchError(tooLarge(maxBytes));
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
