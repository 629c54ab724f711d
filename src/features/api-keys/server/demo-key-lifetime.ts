import { isDemoAccount } from "@/lib/demo-account-flag";

/** How long a key the demo account makes may live at most. */
export const DEMO_API_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The demo account's password is public, so a key it makes is anyone's: it must not outlive a day
 * (it would otherwise spend the demo's quota for whoever kept it). Other users' input is unchanged.
 */
export function limitDemoKeyLifetime<T extends { expiresAt?: string | null }>(input: T, appMetadata: unknown, now = new Date()): T {
  if (!isDemoAccount(appMetadata)) return input;
  const latest = now.getTime() + DEMO_API_KEY_LIFETIME_MS;
  const asked = input.expiresAt ? new Date(input.expiresAt).getTime() : Number.POSITIVE_INFINITY;
  return { ...input, expiresAt: new Date(Math.min(asked, latest)).toISOString() };
}
