/**
 * Product-wide switches that are code, not deployment settings (those live in `src/lib/env.ts`).
 */
export const appConfig = {
  name: "思维火花",
  description: "快速接入AI工作流",
  themeColor: { light: "#f8fafc", dark: "#0b1020" },
  /** Fade new pages in on navigation (see `src/app/template.tsx`). */
  pageTransition: { enabled: true, durationMs: 180 },
  /** Keep visited pages in the client router cache so going back is instant. */
  keepAlive: { enabled: true, seconds: 30 },
  /** How often the browser asks whether a new build has been deployed. */
  versionCheckIntervalMs: 60_000,
  /** A reload of the same path (after a failed chunk load) is allowed again after this long. */
  reloadGuardMs: 10_000,
} as const;
