"use client";

import { lazy, type ComponentType } from "react";

// The error copy travels with the screen; this one line is for when the screen itself cannot come.
const UNAVAILABLE = "页面加载时出现问题，请刷新页面后重试。";

/** Shown when the screen's chunk cannot be fetched (offline, or removed by a deploy). */
function ScreenUnavailable() {
  return (
    <p role="alert" className="m-auto px-6 py-16 text-center text-muted-foreground">
      {UNAVAILABLE}
    </p>
  );
}

/**
 * An error screen loaded on demand. Each error boundary (`error.tsx`, `global-error.tsx`, the root
 * `not-found.tsx`) is a chunk of every page's first load, and Turbopack gives each its own copy of
 * the screen, its buttons and its copy: the boundaries keep only this loader, and the screen is
 * fetched when an error is shown (rendered inline by the server when it renders the error itself).
 */
export function screenOnDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => load().catch(() => ({ default: ScreenUnavailable as ComponentType<Props> })));
}
