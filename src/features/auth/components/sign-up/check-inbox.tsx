"use client";

import { MailCheck } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { authCopy } from "../../copy";
import { authErrorText } from "../auth-error-text";
import { useAuth } from "../use-auth";
import { useCountdown } from "../use-countdown";
import { usePendingAction } from "../use-pending-action";

const copy = authCopy.signUp.inbox;
/** The auth service refuses a second mail to one address within a minute. */
export const MAIL_RESEND_SECONDS = 60;

/**
 * After an e-mail sign-up: where the link went, a resend once the minute is up, a way back to fix
 * the address, and (where it exists) the dev outbox that holds the mail.
 */
export function CheckInbox({ email, outboxHref, onChangeAddress }: { email: string; outboxHref: string | null; onChangeAddress: () => void }) {
  const { getClient } = useAuth();
  // The first mail left just now: the minute runs from here.
  const countdown = useCountdown(MAIL_RESEND_SECONDS);
  const { pending, run } = usePendingAction();

  function resend() {
    void run(async () => {
      const client = await getClient();
      const { error } = await client.auth.resend({ type: "signup", email, options: { emailRedirectTo: `${window.location.origin}/auth/callback` } });
      if (error) {
        toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(error), duration: 5000 });
        return;
      }
      countdown.start(MAIL_RESEND_SECONDS);
      toast({ variant: "success", title: authCopy.toasts.signUpMailSent, duration: 2000 });
    });
  }

  return (
    <section aria-label={copy.label} className="grid gap-4 rounded-lg border p-5 text-center">
      <MailCheck aria-hidden className="mx-auto size-10 text-primary" />
      <h2 className="text-lg font-semibold">{copy.title}</h2>
      <p className="text-sm text-muted-foreground">
        {copy.sentTo}
        <span className="font-medium break-all text-foreground">{email}</span>
        {copy.sentToEnd}
      </p>
      <p className="text-xs text-muted-foreground">{copy.spamHint}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" variant="outline" disabled={pending || countdown.seconds > 0} onClick={resend}>
          {countdown.seconds > 0 ? authCopy.signUp.resendIn(countdown.seconds) : pending ? copy.resending : copy.resend}
        </Button>
        <Button type="button" variant="ghost" onClick={onChangeAddress}>
          {copy.changeAddress}
        </Button>
      </div>
      {outboxHref ? (
        <p className="text-sm">
          <Link href={outboxHref} className="font-medium text-primary underline underline-offset-4">
            {copy.openOutbox}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
