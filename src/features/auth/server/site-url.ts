import { getEnv } from "@/lib/env";

/** An absolute URL on this site, for links the auth service puts in mails and redirects. */
export function siteUrl(path: string): string {
  return new URL(path, getEnv().SITE_URL).toString();
}
