"use client";

import type { AuthChangeEvent, Session, SupabaseClient, User } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiFetch } from "@/lib/fetch";
import type { PublicSupabaseConfig } from "@/lib/supabase";
import { toast } from "@/lib/toast";
import { authCopy } from "../copy";
import { AuthContext, type AuthState, type UserPlan } from "./auth-context";
import { authErrorText } from "./auth-error-text";
import { RESET_PASSWORD_PATH } from "./auth-paths";

let clientPromise: Promise<SupabaseClient> | undefined;

/**
 * The tab's browser client; its config comes from the server (embedded keys are made at run time).
 * supabase-js is imported here, on demand, so it stays out of every page's first-load JavaScript.
 */
function loadBrowserClient(): Promise<SupabaseClient> {
  clientPromise ??= Promise.all([apiFetch<PublicSupabaseConfig>("/api/auth/config"), import("@/lib/supabase/browser")])
    .then(([config, { getSupabaseBrowserClient }]) => getSupabaseBrowserClient(config))
    .catch((error: unknown) => {
      clientPromise = undefined; // let the next caller try again
      throw error;
    });
  return clientPromise;
}

/**
 * Shared auth state (SPEC §3-4). Start-up order matters: the listener is registered first so no
 * event is missed (auth-js reports a session it found in the URL right after initialising), then
 * the current user is loaded from the auth service.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [supabase, setSupabase] = useState<SupabaseClient | null>(null);
  const [user, setUserState] = useState<User | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [plan, setPlan] = useState<UserPlan | null>(null);
  const userIdRef = useRef<string | null>(null);
  const routerRef = useRef(router);
  useEffect(() => {
    routerRef.current = router;
  }, [router]);

  // Sets the user; when the id changed the plan belongs to someone else, so it is reloaded.
  const setUser = useCallback((next: User | null) => {
    setUserState(next);
    const nextId = next?.id ?? null;
    if (nextId === userIdRef.current) return;
    userIdRef.current = nextId;
    setPlan(null);
    if (!nextId) return;
    apiFetch<UserPlan>("/api/user/subscription")
      .then((answer) => {
        if (userIdRef.current === nextId) setPlan(answer);
      })
      .catch(() => undefined); // no plan shown; the billing page reports its own errors
  }, []);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;

    const onAuthEvent = (event: AuthChangeEvent, session: Session | null) => {
      switch (event) {
        case "INITIAL_SESSION":
        case "SIGNED_IN":
        case "TOKEN_REFRESHED":
        case "MFA_CHALLENGE_VERIFIED":
        case "USER_UPDATED":
          setUser(session?.user ?? null);
          break;
        case "SIGNED_OUT":
          setUser(null);
          break;
        case "PASSWORD_RECOVERY":
          setUser(session?.user ?? null);
          routerRef.current.push(RESET_PASSWORD_PATH);
          break;
      }
    };

    loadBrowserClient()
      .then(async (client) => {
        if (cancelled) return;
        const { subscription } = client.auth.onAuthStateChange(onAuthEvent).data;
        unsubscribe = () => subscription.unsubscribe();
        setSupabase(client);
        const { data, error } = await client.auth.getUser();
        if (cancelled) return;
        // Without a session getUser answers "session missing": nobody is signed in.
        if (!error || error.name === "AuthSessionMissingError") setUser(data.user ?? null);
        setLoaded(true);
      })
      .catch(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [setUser]);

  const signOut = useCallback(async () => {
    const client = await loadBrowserClient();
    // auth-js ignores 401/403/404 (session already gone) and clears the local session anyway.
    const { error } = await client.auth.signOut();
    if (error) {
      toast({ variant: "destructive", title: authCopy.toasts.signOutFailed, description: authErrorText(error), duration: 5000 });
      return;
    }
    setUser(null);
    setLoaded(false);
    // A full load so no signed-in page state or cached server render survives.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- deliberate full navigation
    window.location.assign("/");
  }, [setUser]);

  const value = useMemo<AuthState>(
    () => ({ user, loaded, plan, supabase, getClient: loadBrowserClient, setUser, signOut }),
    [user, loaded, plan, supabase, setUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
