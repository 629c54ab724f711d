import { createServerClient } from "@supabase/ssr";
import type { Session } from "@supabase/supabase-js";
import type { SupabaseConnection } from "@/lib/supabase/connection";

/** The session cookies @supabase/ssr writes for this session, as a browser's Cookie header. */
export async function sessionCookieHeader(connection: SupabaseConnection, session: Session): Promise<string> {
  // Imported here: test files stub the environment before the app's modules load.
  const { serverClientOptions } = await import("@/lib/supabase/connection");
  const jar = new Map<string, string>();
  const client = createServerClient(connection.url, connection.anonKey, {
    ...serverClientOptions(connection),
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value } of cookies) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    },
  });
  const { error } = await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) throw error;
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
