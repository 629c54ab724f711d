"use client";

import type { AuthChangeEvent, SupabaseClient, User } from "@supabase/supabase-js";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
// The types module, not the index: the index also holds the browser client, which must load on demand.
import { AUTH_COOKIE_NAME } from "@/lib/supabase/types";
import { isSessionlessPage } from "../sessionless-pages";
import { AuthContext, type AuthState, type UserPlan } from "./auth-context";
import { RESET_PASSWORD_PATH } from "./auth-paths";

const loadRuntime = () => import("./auth-runtime");
const loadBrowserClient = () => loadRuntime().then((runtime) => runtime.loadBrowserClient());

const SESSION_EVENTS: ReadonlySet<AuthChangeEvent> = new Set([
  "INITIAL_SESSION",
  "SIGNED_IN",
  "TOKEN_REFRESHED",
  "MFA_CHALLENGE_VERIFIED",
  "USER_UPDATED",
  "PASSWORD_RECOVERY",
]);

/**
 * Whether this tab may hold a session: the session cookie (split into `.0`, `.1`… when long), or
 * tokens, a PKCE code or an auth error that auth-js would pick up from the URL. Never on a page that
 * must not see the session (a shared conversation): there the session is neither loaded nor refreshed.
 * Such pages link out with full page loads, so the next page starts this provider afresh.
 */
function mayHaveBrowserSession(): boolean {
  if (isSessionlessPage(window.location.pathname)) return false;
  const cookieNames = document.cookie.split(";").map((cookie) => cookie.split("=")[0]!.trim());
  if (cookieNames.some((name) => name === AUTH_COOKIE_NAME || name.startsWith(`${AUTH_COOKIE_NAME}.`))) return true;
  const { hash, search } = window.location;
  return /(?:^#|&)(?:access_token|error_description)=/.test(hash) || /[?&]code=/.test(search);
}

/**
 * Shared auth state (SPEC §3-4). What talks to servers (auth-runtime.ts: supabase-js, the HTTP
 * client) is loaded only where a session may exist, or when a form asks for the client. Order matters: the listener is registered as soon as the client exists,
 * so no event is missed (auth-js reports a session it found in the URL right after initialising),
 * then the current user is loaded from the auth service.
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
    loadRuntime()
      .then((runtime) => runtime.fetchUserPlan())
      .then((answer) => {
        if (userIdRef.current === nextId) setPlan(answer);
      })
      .catch(() => undefined); // no plan shown; the billing page reports its own errors
  }, []);

  // Subscribes to the client's auth events once, the first time the client is there.
  const unsubscribeRef = useRef<(() => void) | undefined>(undefined);
  const connect = useCallback(
    (client: SupabaseClient) => {
      if (unsubscribeRef.current) return client;
      const { subscription } = client.auth.onAuthStateChange((event, session) => {
        if (event === "SIGNED_OUT") setUser(null);
        else if (SESSION_EVENTS.has(event)) setUser(session?.user ?? null);
        if (event === "PASSWORD_RECOVERY") routerRef.current.push(RESET_PASSWORD_PATH);
      }).data;
      unsubscribeRef.current = () => subscription.unsubscribe();
      setSupabase(client);
      return client;
    },
    [setUser],
  );
  const getClient = useCallback(() => loadBrowserClient().then(connect), [connect]);

  useEffect(() => {
    let cancelled = false;
    // Nobody is signed in and no sign-in is arriving in the URL: nothing to ask the auth service, and
    // no reason to download supabase-js (a form that needs it loads it through getClient).
    const currentUser = mayHaveBrowserSession()
      ? getClient().then(async (client) => {
          const { data, error } = await client.auth.getUser();
          // Without a session getUser answers "session missing": nobody is signed in.
          return !error || error.name === "AuthSessionMissingError" ? (data.user ?? null) : undefined;
        })
      : Promise.resolve(null);
    currentUser
      .then((found) => {
        if (cancelled) return;
        if (found !== undefined) setUser(found);
        setLoaded(true);
      })
      .catch(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
      unsubscribeRef.current?.();
      unsubscribeRef.current = undefined;
    };
  }, [getClient, setUser]);

  // A tab that started signed out learns of a sign-in made in another tab when it is looked at again.
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState !== "visible" || unsubscribeRef.current || !mayHaveBrowserSession()) return;
      getClient()
        .then((client) => client.auth.getUser())
        .then(({ data }) => setUser(data.user ?? null))
        .catch(() => undefined);
    };
    document.addEventListener("visibilitychange", recheck);
    return () => document.removeEventListener("visibilitychange", recheck);
  }, [getClient, setUser]);

  const signOut = useCallback(async () => {
    const client = await getClient();
    // auth-js ignores 401/403/404 (session already gone) and clears the local session anyway.
    const { error } = await client.auth.signOut();
    if (error) {
      (await loadRuntime()).reportSignOutFailure(error);
      return;
    }
    setUser(null);
    setLoaded(false);
    // A full load so no signed-in page state or cached server render survives.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- deliberate full navigation
    window.location.assign("/");
  }, [getClient, setUser]);

  const value = useMemo<AuthState>(
    () => ({ user, loaded, plan, supabase, getClient, setUser, signOut }),
    [user, loaded, plan, supabase, getClient, setUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
