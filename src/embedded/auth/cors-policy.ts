import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AuthConfig } from "./config";
import { LOOPBACK_HOSTNAMES } from "@/lib/site-origin";

/**
 * Which browser origins may call the service cross-origin (with credentials): the site's origin,
 * the configured extra origins, and in development any port of a loopback host. Same-origin calls
 * (the app serving /auth/v1 itself) need no CORS at all.
 */
export function createOriginCheck(config: AuthConfig): (origin: string) => boolean {
  const allowed = new Set([new URL(config.siteUrl).origin, ...config.corsAllowedOrigins.map((origin) => new URL(origin).origin)]);
  return (origin) => {
    if (allowed.has(origin)) return true;
    if (!config.developmentLoopback) return false;
    try {
      const url = new URL(origin);
      return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTNAMES.has(url.hostname);
    } catch {
      return false;
    }
  };
}

/**
 * CORS for allowed origins only. Hono's `cors` sets Allow-Credentials for every origin, so other
 * origins never reach it: their preflight gets a bare 204 (the browser then refuses the call) and
 * their other requests are answered without any CORS header.
 */
export function corsPolicy(config: AuthConfig): MiddlewareHandler {
  const isAllowed = createOriginCheck(config);
  const allowedCors = cors({
    origin: (origin) => origin,
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    // What supabase-js (auth-js) sends, plus GoTrue's own list.
    allowHeaders: ["Accept", "Authorization", "Content-Type", "X-Client-IP", "X-Client-Info", "X-JWT-AUD", "x-use-cookie", "X-Supabase-Api-Version", "apikey", "redirect_to"],
    exposeHeaders: ["X-Total-Count", "Link", "X-Supabase-Api-Version"],
    credentials: true,
  });
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin && isAllowed(origin)) return allowedCors(c, next);
    if (origin && c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      return new Response(null, { status: 204, headers: { Vary: "Origin" } });
    }
    await next();
    c.header("Vary", "Origin", { append: true });
  };
}
