import "server-only";
import { getEnv } from "@/lib/env";

/** What /legal/report promises: the contact address (if set) and the response time in hours. */
export function reportContact(): { email: string | null; responseHours: number } {
  const env = getEnv();
  return { email: env.REPORT_CONTACT_EMAIL ?? null, responseHours: env.REPORT_RESPONSE_HOURS };
}
