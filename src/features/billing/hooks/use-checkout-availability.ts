"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/fetch";

/**
 * Whether online payment is open here (`GET /api/checkout`): asked at run time because the pricing
 * page is static and the answer depends on the server's environment. `null` until known; the buttons
 * stay usable meanwhile (a closed checkout answers 503 with the same message anyway).
 */
export function useCheckoutAvailability(): boolean | null {
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    apiFetch<{ open: boolean }>("/api/checkout").then(
      (answer) => live && setOpen(answer.open),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return open;
}
