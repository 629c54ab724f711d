"use client";

import { useCallback, useEffect, useState } from "react";

/** Seconds left before an action may be repeated (the SMS "resend" wait). */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  const start = useCallback((from: number) => setSeconds(from), []);
  return { seconds, start };
}
