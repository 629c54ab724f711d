import type { ReactNode } from "react";

/** The root shell's backdrop (SPEC §1): a soft gradient behind every routed page. */
export function GradientBackground({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-gradient-to-br from-[var(--gradient-from)] via-[var(--gradient-via)] to-[var(--gradient-to)]">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(ellipse_at_top,var(--gradient-from),transparent_70%)] opacity-80"
      />
      {children}
    </div>
  );
}
