import { getEnv } from "@/lib/env";

const DAY_MS = 24 * 60 * 60 * 1000;

/** RFC 9116 security.txt: how to report a vulnerability. `Expires` stays within the advised year. */
export function securityTxt(siteOrigin: string, now: Date = new Date()): string {
  const env = getEnv();
  const site = siteOrigin.replace(/\/$/, "");
  const contact = env.SECURITY_CONTACT ?? `${site}/legal/privacy`;
  const expires = new Date(now.getTime() + 180 * DAY_MS);
  return [
    `Contact: ${contact}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: zh, en",
    `Canonical: ${site}/.well-known/security.txt`,
    `Policy: ${site}/legal/privacy`,
    "",
  ].join("\n");
}
