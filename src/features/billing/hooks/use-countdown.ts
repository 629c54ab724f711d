"use client";

import { useEffect, useState } from "react";

/**
 * Milliseconds left until `deadline` (ISO), ticking each second; null without a deadline and before
 * the first tick in the browser (the server's clock must not be rendered: hydration would differ).
 */
export function useCountdown(deadline: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!deadline) return;
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  return deadline && now !== null ? Math.max(0, new Date(deadline).getTime() - now) : null;
}

/** `14:59` */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}
