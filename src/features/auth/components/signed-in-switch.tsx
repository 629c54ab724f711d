"use client";

import type { ReactNode } from "react";
import { useAuth } from "./use-auth";

/**
 * Shows `signedIn` once the tab knows a user is signed in, `signedOut` before and otherwise. Lets a
 * static (prerendered) page adapt to the visitor without rendering per request.
 */
export function SignedInSwitch({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { user } = useAuth();
  return <>{user ? signedIn : signedOut}</>;
}
