// Client-safe: the browser client and the public config type. Server code imports the modules directly
// (`@/lib/supabase/server`, `@/lib/supabase/admin`, `@/lib/supabase/connection`).
export { getSupabaseBrowserClient } from "./browser";
export { AUTH_COOKIE_NAME, type PublicSupabaseConfig } from "./types";
