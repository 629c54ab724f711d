"use client";

import { ThemeProvider } from "next-themes";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { COLOR_MODE_STORAGE_KEY, forcedColorModeFor } from "../forced-modes";

// next-themes' own pre-paint script never runs: a data-block type. The root layout renders
// PRE_PAINT_SCRIPT instead, a fixed string the CSP allows by hash (static pages carry no nonce).
const DATA_BLOCK_SCRIPT_PROPS = { type: "application/json" };

/**
 * next-themes owns the preference, the stored value, the system mode and the pre-paint script that
 * prevents a flash of the wrong theme (but see PRE_PAINT_SCRIPT); this only feeds it the mode the
 * current page forces.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return (
    <ThemeProvider
      attribute="class"
      storageKey={COLOR_MODE_STORAGE_KEY}
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      forcedTheme={forcedColorModeFor(pathname)}
      scriptProps={DATA_BLOCK_SCRIPT_PROPS}
    >
      {children}
    </ThemeProvider>
  );
}
