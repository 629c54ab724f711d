import type { DifyProxy } from "@/features/ai-apps/server";
import { ApiRouteError } from "@/lib/api";

/** Reads of one user's data of one app, through the same proxy the chat page calls. */
export type UserDifyReader = <T>(path: string, query?: Record<string, string | number | undefined>) => Promise<T>;

/**
 * Goes through the proxy rather than straight to Dify so that the user scoping (the proxy sets
 * `user` to this id on every call), the app lookup and the error mapping are the proxy's own:
 * a search or a pin check can reach nothing the chat page itself could not.
 */
export function userDifyReader(proxy: DifyProxy, userId: string, appid: string, signal?: AbortSignal): UserDifyReader {
  return async <T>(path: string, query: Record<string, string | number | undefined> = {}) => {
    const url = new URL(`http://internal/api/ai/dify/${path}`);
    url.searchParams.set("appid", appid);
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
    // The caller's signal: a search the browser gave up on (a newer query) stops reading upstream.
    signal?.throwIfAborted();
    const response = await proxy.handle(new Request(url, { signal }), { path: path.split("/"), userId });
    const body = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) {
      const message = typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" ? body.message : "AI 服务暂时不可用，请稍后重试";
      throw new ApiRouteError(response.status, message);
    }
    return body as T;
  };
}
