"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "../use-auth";
import { readCallbackParams } from "./callback-params";
import { AccountSwitchDialog } from "./account-switch-dialog";
import { callbackFailure, verifyCallback, type AccountSwitch } from "./verify-callback";

/**
 * /auth/callback: finishes the link a mail sent (sign-up, recovery, e-mail change). Its only UI is
 * the question whether to switch accounts, when the link is for another user than the signed-in one.
 */
export function AuthCallbackHandler() {
  const router = useRouter();
  const { getClient, setUser } = useAuth();
  const started = useRef(false);
  const [question, setQuestion] = useState<{ accounts: AccountSwitch; answer: (switching: boolean) => void } | null>(null);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effects
    started.current = true;
    // Captured now, before the browser client exists: see verifyCallback.
    const params = readCallbackParams(window.location);
    const codeStillInUrl = () => new URLSearchParams(window.location.search).has("code");
    void getClient()
      .then((client) =>
        verifyCallback(client, params, codeStillInUrl, (accounts) =>
          new Promise<boolean>((resolve) => setQuestion({ accounts, answer: resolve })),
        ),
      )
      .catch(callbackFailure) // the client's config could not be fetched
      .then((outcome) => {
        if (outcome.user !== undefined) setUser(outcome.user);
        router.replace(outcome.to);
        if (outcome.toast) toast(outcome.toast);
      });
  }, [getClient, router, setUser]);

  if (!question) return null;
  return (
    <AccountSwitchDialog
      accounts={question.accounts}
      onAnswer={(switching) => {
        setQuestion(null);
        question.answer(switching);
      }}
    />
  );
}
