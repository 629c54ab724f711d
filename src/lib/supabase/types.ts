/** What the browser may know about Supabase: the public key and where to send requests (`null` = this site). */
export type PublicSupabaseConfig = {
  url: string | null;
  anonKey: string;
  /** STORAGE_PUBLIC_URL: the origin public / signed file URLs are handed out on (null = same as `url`). */
  storageUrl?: string | null;
};

/**
 * The session cookie's name on every client (browser, server, proxy). supabase-js would derive it
 * from the URL's host, which differs between the browser (its own origin) and the server (SITE_URL)
 * in embedded mode; one fixed name keeps them on the same cookie.
 */
export const AUTH_COOKIE_NAME = "sb-sparkai-auth-token";
