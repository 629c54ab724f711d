"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "../use-auth";
import { readCallbackParams } from "./callback-params";
import { callbackFailure, verifyCallback } from "./verify-callback";

/** /auth/callback: finishes the link a mail sent (sign-up, recovery, e-mail change) — no UI of its own. */
export function AuthCallbackHandler() {
  const router = useRouter();
  const { getClient, setUser } = useAuth();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, also under StrictMode's double effects
    started.current = true;
    // Captured now, before the browser client exists: see verifyCallback.
    const params = readCallbackParams(window.location);
    const codeStillInUrl = () => new URLSearchParams(window.location.search).has("code");
    void getClient()
      .then((client) => verifyCallback(client, params, codeStillInUrl))
      .catch(callbackFailure) // the client's config could not be fetched
      .then((outcome) => {
        if (outcome.user !== undefined) setUser(outcome.user);
        router.replace(outcome.to);
        if (outcome.toast) toast(outcome.toast);
      });
  }, [getClient, router, setUser]);

  return null;
}
