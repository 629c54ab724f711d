import WebSocket from "ws";
import { getEnv } from "@/lib/env";
import { cookiesMustBeSecure } from "@/lib/secure-cookies";
import { getEmbeddedServices } from "./embedded-services";
import { AUTH_COOKIE_NAME, type PublicSupabaseConfig } from "./types";
import { visitorIp } from "./visitor-ip";

/**
 * How the server reaches Supabase: a hosted project from the environment, or the embedded services,
 * which are answered in-process (no loopback HTTP) through their gateway's `fetch`.
 */
export type SupabaseConnection = {
  mode: "hosted" | "embedded";
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Embedded only: the gateway's in-process fetch, without a visitor (app-initiated calls). */
  fetch?: typeof fetch;
  /** Embedded only: the same fetch on behalf of a visitor, whose IP the auth service's limits count. */
  fetchFor?: (visitorIp: string | undefined) => typeof fetch;
};


export function isEmbeddedSupabase(): boolean {
  return !getEnv().SUPABASE_URL;
}

export async function getSupabaseConnection(): Promise<SupabaseConnection> {
  const env = getEnv();
  if (env.SUPABASE_URL) {
    return {
      mode: "hosted",
      url: env.SUPABASE_URL,
      // env.ts guarantees one of each pair when SUPABASE_URL is set.
      anonKey: env.SUPABASE_ANON_KEY ?? env.SUPABASE_PUBLISHABLE_KEY ?? "",
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_SECRET_KEY ?? "",
    };
  }
  const services = await getEmbeddedServices();
  // In-process calls carry the caller's IP beside the request, where no header can forge it.
  const fetchFor = (ip: string | undefined): typeof fetch => (input, init) =>
    Promise.resolve(services.gateway.fetch(new Request(input, init), { clientIp: ip }));
  return {
    mode: "embedded",
    url: env.SITE_URL.replace(/\/$/, ""),
    anonKey: services.auth.keys.anonKey,
    serviceRoleKey: services.auth.keys.serviceRoleKey,
    fetch: fetchFor(undefined),
    fetchFor,
  };
}

export async function getPublicSupabaseConfig(): Promise<PublicSupabaseConfig> {
  const connection = await getSupabaseConnection();
  return {
    url: connection.mode === "hosted" ? connection.url : null,
    anonKey: connection.anonKey,
    storageUrl: getEnv().STORAGE_PUBLIC_URL?.replace(/\/$/, "") ?? null,
  };
}

/**
 * Options every server-side Supabase client shares: the in-process fetch of the embedded services,
 * and a WebSocket for realtime — Node 20 has none built in, and supabase-js refuses to start without.
 * `visitor`, the browser's request headers, speaks for the visitor to the auth service: its IP (see
 * `visitorIp()`) keeps the per-IP limits per visitor rather than one bucket for this server —
 * in-process beside the request, to a hosted project as X-Forwarded-For (what a server in front of
 * Supabase Auth sends) —, and its User-Agent names the device of a session the call starts, as a
 * browser calling the auth service itself would (the console's 会话 list shows it).
 */
export function serverClientOptions(connection: SupabaseConnection, visitor?: Headers) {
  const ip = visitor ? visitorIp(visitor) : undefined;
  const userAgent = visitor?.get("user-agent");
  const headers: Record<string, string> = {};
  if (userAgent) headers["User-Agent"] = userAgent;
  if (ip && !connection.fetchFor) headers["X-Forwarded-For"] = ip;
  return {
    // @supabase/ssr spreads these over its defaults for every session cookie it writes or clears.
    cookieOptions: { name: AUTH_COOKIE_NAME, secure: cookiesMustBeSecure(visitor) },
    global: { ...(connection.fetchFor ? { fetch: connection.fetchFor(ip) } : {}), headers },
    realtime: { transport: WebSocket as never },
  };
}
