"use client";

import type { SupabaseClient, User } from "@supabase/supabase-js";
import { createContext } from "react";

/** The answer of GET /api/user/subscription (the fields the UI reads). */
export type UserPlan = {
  plan: { id: string; name: string };
  status: string;
  currentPeriodEnd: string | null;
  usage: { tokensUsed: number; tokensQuota: number };
};

/** SPEC §3 auth state: user, loaded flag and plan, plus the browser client that owns the session. */
export type AuthState = {
  user: User | null;
  /** True once the current user has been asked for at start-up (false again after sign-out). */
  loaded: boolean;
  plan: UserPlan | null;
  /** The browser Supabase client, null until its config has been fetched. */
  supabase: SupabaseClient | null;
  /** Resolves with the browser client once it exists (forms submitted before that wait for it). */
  getClient: () => Promise<SupabaseClient>;
  /** Sets the user right away (flows that just stored a session), without waiting for the event. */
  setUser: (user: User | null) => void;
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthState | null>(null);
