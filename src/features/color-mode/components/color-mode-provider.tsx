"use client";

import { ThemeProvider } from "next-themes";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { COLOR_MODE_STORAGE_KEY, forcedColorModeFor } from "../forced-modes";

const CLIENT_SCRIPT_PROPS = typeof window === "undefined" ? undefined : { type: "application/json" };

/**
 * next-themes owns the preference, the stored value, the system mode and the pre-paint script that
 * prevents a flash of the wrong theme; this only feeds it the mode the current page forces and the
 * request's CSP nonce.
 */
export function ColorModeProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const pathname = usePathname();
  return (
    <ThemeProvider
      attribute="class"
      storageKey={COLOR_MODE_STORAGE_KEY}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      forcedTheme={forcedColorModeFor(pathname)}
      // The pre-paint script is inline: the page's CSP runs it only with this request's nonce.
      nonce={nonce}
      // The script only matters in the server's HTML. Where React renders it in the browser (a page
      // whose tree mounts anew, such as a 404), a data-block type keeps React from warning that it
      // would not run; hydration ignores the difference (next-themes sets suppressHydrationWarning).
      scriptProps={CLIENT_SCRIPT_PROPS}
    >
      {children}
    </ThemeProvider>
  );
}
