/** What the browser may know about Supabase: the public key and where to send requests (`null` = this site). */
export type PublicSupabaseConfig = { url: string | null; anonKey: string };
