"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/fetch";
import type { CheckoutOrderView } from "../checkout-methods";

const POLL_MS = 2500;

/**
 * Polls `GET /api/checkout/{id}/status` while the order is pending (each poll also asks the provider,
 * so a payment lands even before its notification). Stops on paid / canceled / expired.
 */
export function useOrderStatus(initial: CheckoutOrderView): { order: CheckoutOrderView; refresh: () => void } {
  const [order, setOrder] = useState(initial);
  const [tick, setTick] = useState(0);
  const inFlight = useRef(false);
  const pending = order.status === "pending";

  useEffect(() => {
    if (!pending) return;
    let live = true;
    const poll = async () => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        const next = await apiFetch<CheckoutOrderView>(`/api/checkout/${initial.id}/status`);
        if (live) setOrder(next);
      } catch {
        // A failed poll (network, provider down) is simply tried again.
      } finally {
        inFlight.current = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pending, initial.id, tick]);

  return { order, refresh: () => setTick((value) => value + 1) };
}
