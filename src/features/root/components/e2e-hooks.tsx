"use client";

import { useEffect } from "react";
import { toast } from "@/lib/toast";

declare global {
  interface Window {
    __sparkE2E?: { toast: typeof toast };
  }
}

/**
 * Handles for end-to-end tests that no page offers yet (raising arbitrary toasts). The flag is
 * inlined at build time, so ordinary builds drop this code entirely.
 */
export function E2EHooks() {
  useEffect(() => {
    if (process.env.NEXT_PUBLIC_E2E_HOOKS === "1") window.__sparkE2E = { toast };
  }, []);
  return null;
}
