"use client";

import { UserMenu } from "@/features/layouts";
import { useAuth } from "./use-auth";

/** The dashboard's account menu, filled from the shared auth state. */
export function DashboardUserMenu() {
  const { user, signOut } = useAuth();
  const displayName = typeof user?.user_metadata?.display_name === "string" ? user.user_metadata.display_name : null;
  return (
    <UserMenu
      user={user ? { email: user.email ?? user.phone ?? null, displayName } : null}
      onSignOut={() => void signOut()}
    />
  );
}
