import { setSecurityHeaders } from "@/features/security";
import { apiErrorResponse, unknownApiRouteResponse } from "@/lib/api";
import { compressedForClient } from "./compression";
import { fastLaneRoutes, type FastLaneRoute } from "./routes";
import { logger } from "@/lib/log/logger.mjs";

/**
 * The fast lane: the hot API routes (the AI proxy, the developer API, the embedded auth) answered by
 * server.mjs before Next.js's router. Next.js's router, proxy adapter and route module cost about a
 * millisecond of CPU per request (issue 15: /auth/v1/user 781 → 1 998 req/s on one core without
 * them). Same handlers, same checks as under Next.js (src/proxy.ts, the route files, which still
 * serve `next dev`); same headers as next.config.ts adds, plus an API's own CSP.
 */
export type FastLane = {
  serves: (method: string, pathname: string) => boolean;
  answer: (request: Request) => Promise<Response>;
};

/** An API answer is no document: nothing in it may load or run, nor may it be framed. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function createFastLane(routes: FastLaneRoute[] = fastLaneRoutes()): FastLane {
  const routeFor = (method: string, pathname: string) => routes.find((route) => route.serves(method, pathname));
  return {
    serves: (method, pathname) => routeFor(method, pathname) !== undefined,
    answer: async (request) => {
      // server.mjs matched the raw URL; the route sees the Request's own, normalised one.
      const route = routeFor(request.method, new URL(request.url).pathname);
      let response: Response;
      try {
        response = route ? await route.answer(request) : unknownApiRouteResponse();
      } catch (error) {
        logger().error({ err: error }, "快速通道处理请求失败");
        response = apiErrorResponse(500, "服务器内部错误，请稍后重试");
      }
      return compressedForClient(request, withLaneHeaders(request, response));
    },
  };
}

function withLaneHeaders(request: Request, response: Response): Response {
  let answer = response;
  try {
    setSecurityHeaders(answer.headers, request.headers);
  } catch {
    // A fetch()ed response's headers are immutable: answer a copy.
    answer = new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
    setSecurityHeaders(answer.headers, request.headers);
  }
  if (!answer.headers.has("Content-Security-Policy")) answer.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  return answer;
}

// Not processSingleton: this is a hand-off to server.mjs (src/lib/net/fast-lane-server.mjs reads the
// same symbol outside Next.js's bundles), and start-up sets it rather than creating it on first use.
const FAST_LANE_KEY = Symbol.for("sparkai.fast-lane");

/** Called once at start-up (src/server/startup.ts): from then on server.mjs hands these routes to the lane. */
export function openFastLane(lane: FastLane = createFastLane()): void {
  (globalThis as typeof globalThis & { [FAST_LANE_KEY]?: FastLane })[FAST_LANE_KEY] = lane;
}
