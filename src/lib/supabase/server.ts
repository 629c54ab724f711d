import "server-only";
import { createServerClient } from "@supabase/ssr";
import { cookies, headers } from "next/headers";
import { getSupabaseConnection, serverClientOptions } from "./connection";

/**
 * A Supabase client acting as the signed-in visitor, with the session in cookies (@supabase/ssr
 * defaults: path /, SameSite lax, 400 days, chunked at 3180 characters). Server components cannot
 * set cookies; there the write is skipped and the proxy refreshes the session instead.
 */
export async function createSupabaseServerClient() {
  const connection = await getSupabaseConnection();
  const cookieStore = await cookies();
  return createServerClient(connection.url, connection.anonKey, {
    ...serverClientOptions(connection, await headers()),
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll: (cookiesToSet) => {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        } catch {
          // Called from a server component: the proxy keeps the session fresh.
        }
      },
    },
  });
}
