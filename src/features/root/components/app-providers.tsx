"use client";

import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { AuthProvider } from "@/features/auth";
import { ColorModeProvider } from "@/features/color-mode";
import { AuthCallbackRedirect } from "@/features/routing";
import { ChunkLoadRecovery, VersionWatcher } from "@/features/version";
import { E2EHooks } from "./e2e-hooks";

/** Everything every page runs in the browser: colour mode, the toast area, redirects, version checks. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ColorModeProvider>
      <AuthProvider>
        {children}
      </AuthProvider>
      <Toaster />
      <AuthCallbackRedirect />
      <VersionWatcher />
      <ChunkLoadRecovery />
      <E2EHooks />
    </ColorModeProvider>
  );
}
