"use client";

import { useCallback, useState } from "react";
import { toast } from "@/lib/toast";
import { authCopy } from "../copy";
import { authErrorText } from "./auth-error-text";

/** Runs one async action at a time; failures become a destructive toast in Chinese. */
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setPending(true);
    try {
      await action();
    } catch (error) {
      toast({ variant: "destructive", title: authCopy.toasts.failed, description: authErrorText(error), duration: 5000 });
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, run };
}
