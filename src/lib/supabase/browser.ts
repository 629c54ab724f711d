"use client";

import { createBrowserClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { AUTH_COOKIE_NAME, type PublicSupabaseConfig } from "./types";

let browserClient: SupabaseClient | undefined;

/**
 * The browser's Supabase client (one per tab). Its session lives in cookies the server reads too;
 * auth-js owns refresh ticks, locks and URL session detection.
 */
export function getSupabaseBrowserClient(config: PublicSupabaseConfig): SupabaseClient {
  browserClient ??= createBrowserClient(config.url ?? window.location.origin, config.anonKey, {
    // The server's rule (src/lib/secure-cookies.ts) as the page sees it: a page served over https.
    cookieOptions: { name: AUTH_COOKIE_NAME, secure: window.location.protocol === "https:" },
  });
  return browserClient;
}
