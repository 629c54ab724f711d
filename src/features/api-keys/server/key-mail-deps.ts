import { createOutbox, type OutgoingMail } from "@/embedded/outbox";
import type { Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";

/** How key mails reach a user: the app's outbox (SMTP when set, else the dev outbox) and the auth service's address. */
export type KeyMailDeps = {
  sendMail: (mail: OutgoingMail) => Promise<void>;
  /** The user's e-mail address, or null (a phone-only account gets no mail). */
  emailOf: (userId: string) => Promise<string | null>;
  /** The dashboard page listing the keys, for the mails' link. */
  keysUrl: string;
};

/** The deps as the running site has them, the way the renewal reminders send. */
export function keyMailDeps(db: Database): KeyMailDeps {
  const env = getEnv();
  const outbox = createOutbox({ db, smtpUrl: env.SMTP_URL, from: env.SMTP_FROM });
  return {
    sendMail: (mail) => outbox.sendMail(mail),
    emailOf: async (userId) => {
      const admin = await createSupabaseAdminClient();
      const { data } = await admin.auth.admin.getUserById(userId);
      return data.user?.email || null;
    },
    keysUrl: `${env.SITE_URL.replace(/\/$/, "")}/dashboard/ai/tokens`,
  };
}
