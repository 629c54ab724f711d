import "server-only";
import { createClient } from "@supabase/supabase-js";
import { getSupabaseConnection, serverClientOptions } from "./connection";

/** A service-role client for trusted server code only; it bypasses every rule. Never expose it. */
export async function createSupabaseAdminClient() {
  const connection = await getSupabaseConnection();
  return createClient(connection.url, connection.serviceRoleKey, {
    ...serverClientOptions(connection),
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
