import { resolveRequestSession } from "@/features/auth/server";
import { answerAppProxyCall, getAiProxy } from "@/features/ai-call/server";
import { logApiCall } from "@/features/api-call-logs/server";
import { createChatCompletion, listModels, methodNotAllowed } from "@/features/developer-api/server";
import { crossSiteRefusal, isCrossSiteApiWrite, ownOrigins } from "@/features/security";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { isEmbeddedSupabase } from "@/lib/supabase/connection";
import { answerEmbeddedServiceRequest } from "@/lib/supabase/embedded-route";

/** One URL family the fast lane answers: which requests (method, normalised path) and how. */
export type FastLaneRoute = {
  serves: (method: string, pathname: string) => boolean;
  answer: (request: Request) => Promise<Response>;
};

const AI_PROXY_PREFIX = "/api/ai/dify/";
const AI_PROXY_METHODS = new Set(["GET", "POST", "PUT", "DELETE"]);

/**
 * The route's `[...path]` segments, as Next.js would hand them: none empty (Next.js redirects a
 * trailing slash), each percent-decoded; undefined where Next.js should decide (it answers those).
 */
function aiProxyPath(pathname: string): string[] | undefined {
  if (!pathname.startsWith(AI_PROXY_PREFIX)) return undefined;
  const segments = pathname.slice(AI_PROXY_PREFIX.length).split("/");
  if (segments.some((segment) => segment === "")) return undefined;
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/**
 * POST /api/ai/dify/chat-messages and the rest of the AI proxy: what src/proxy.ts and the route
 * handler do for it under Next.js — the cross-site refusal, the session from the cookies (refreshed
 * ones go back with the answer), then the same proxy call.
 */
const aiProxy: FastLaneRoute = {
  serves: (method, pathname) => AI_PROXY_METHODS.has(method) && aiProxyPath(pathname) !== undefined,
  answer: async (request) => {
    const { pathname } = new URL(request.url);
    if (isCrossSiteApiWrite({ method: request.method, pathname, headers: request.headers, ownOrigins: ownOrigins(request, getEnv().SITE_URL) })) {
      return crossSiteRefusal();
    }
    const session = await resolveRequestSession(request);
    const response = await answerAppProxyCall(request, aiProxyPath(pathname) ?? [], session.verdict);
    for (const cookie of session.setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  },
};

/** The developer API's two endpoints (API keys, never cookies; src/proxy.ts skips /v1 too). */
const DEVELOPER_API_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const developerApi: FastLaneRoute = {
  // Every method of the two paths, so a wrong one gets the same JSON 405 as the route files answer.
  serves: (method, pathname) => DEVELOPER_API_METHODS.has(method) && (pathname === "/v1/models" || pathname === "/v1/chat/completions"),
  // Logged in the key's 调用日志 exactly as the route files (src/app/v1) log them.
  answer: async (request) => {
    const { pathname } = new URL(request.url);
    const db = await getDatabase();
    if (pathname === "/v1/models") {
      return request.method === "GET" ? logApiCall(request, db, "GET /v1/models", () => listModels(request, db)) : methodNotAllowed(request, "GET");
    }
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    return logApiCall(request, db, "POST /v1/chat/completions", () => createChatCompletion(request, { db, proxy: getAiProxy() }));
  },
};

/** The embedded Supabase auth at /auth/v1 (hosted projects answer it themselves: not served here then). */
const embeddedAuth: FastLaneRoute = {
  serves: (_method, pathname) => pathname.startsWith("/auth/v1/"),
  answer: answerEmbeddedServiceRequest,
};

export function fastLaneRoutes(): FastLaneRoute[] {
  return isEmbeddedSupabase() ? [aiProxy, developerApi, embeddedAuth] : [aiProxy, developerApi];
}
