"use client";

import { useContext } from "react";
import { AuthContext, type AuthState } from "./auth-context";

/** The shared auth state; only inside `<AuthProvider>` (mounted by the root providers). */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth() must be used inside <AuthProvider>");
  return state;
}
