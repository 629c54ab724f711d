import WebSocket from "ws";
import { getEnv } from "@/lib/env";
import { getEmbeddedServices } from "./embedded-services";
import { AUTH_COOKIE_NAME, type PublicSupabaseConfig } from "./types";

/**
 * How the server reaches Supabase: a hosted project from the environment, or the embedded services,
 * which are answered in-process (no loopback HTTP) through their gateway's `fetch`.
 */
export type SupabaseConnection = {
  mode: "hosted" | "embedded";
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
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
  const gatewayFetch: typeof fetch = (input, init) => Promise.resolve(services.gateway.fetch(new Request(input, init)));
  return {
    mode: "embedded",
    url: env.SITE_URL.replace(/\/$/, ""),
    anonKey: services.auth.keys.anonKey,
    serviceRoleKey: services.auth.keys.serviceRoleKey,
    fetch: gatewayFetch,
  };
}

export async function getPublicSupabaseConfig(): Promise<PublicSupabaseConfig> {
  const connection = await getSupabaseConnection();
  return { url: connection.mode === "hosted" ? connection.url : null, anonKey: connection.anonKey };
}

/**
 * Options every server-side Supabase client shares: the in-process fetch of the embedded services,
 * and a WebSocket for realtime — Node 20 has none built in, and supabase-js refuses to start without.
 */
export function serverClientOptions(connection: SupabaseConnection) {
  return {
    cookieOptions: { name: AUTH_COOKIE_NAME },
    global: connection.fetch ? { fetch: connection.fetch } : undefined,
    realtime: { transport: WebSocket as never },
  };
}
