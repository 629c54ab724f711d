"use client";

import type { AuthError, SupabaseClient } from "@supabase/supabase-js";
import { apiFetch } from "@/lib/fetch";
import { getSupabaseBrowserClient } from "@/lib/supabase/browser";
import type { PublicSupabaseConfig } from "@/lib/supabase/types";
import { toast } from "@/lib/toast";
import { authCopy } from "../copy";
import type { UserPlan } from "./auth-context";
import { authErrorText } from "./auth-error-text";

// The half of the shared auth state that talks to servers: supabase-js, the HTTP client and the
// account copy. AuthProvider imports it on demand, so an anonymous visit's first load carries none.

let clientPromise: Promise<SupabaseClient> | undefined;

/** The tab's browser client; its config comes from the server (embedded keys are made at run time). */
export function loadBrowserClient(): Promise<SupabaseClient> {
  clientPromise ??= apiFetch<PublicSupabaseConfig>("/api/auth/config")
    .then(getSupabaseBrowserClient)
    .catch((error: unknown) => {
      clientPromise = undefined; // let the next caller try again
      throw error;
    });
  return clientPromise;
}

export function fetchUserPlan(): Promise<UserPlan> {
  return apiFetch<UserPlan>("/api/user/subscription");
}

export function reportSignOutFailure(error: AuthError): void {
  toast({ variant: "destructive", title: authCopy.toasts.signOutFailed, description: authErrorText(error), duration: 5000 });
}
