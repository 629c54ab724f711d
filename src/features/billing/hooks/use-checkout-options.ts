"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { apiFetch } from "@/lib/fetch";
import { deviceKindOf, type CheckoutAvailability, type DeviceKind } from "../checkout-methods";

const noSubscription = () => () => undefined;

/**
 * How one can pay here (`GET /api/checkout`, asked at run time: the pricing page is static) and the
 * device the page runs on (for the default method). `null` until known.
 */
export function useCheckoutOptions(): { options: CheckoutAvailability | null; device: DeviceKind } {
  const [options, setOptions] = useState<CheckoutAvailability | null>(null);
  // The server renders for a desktop; the browser knows its own User-Agent.
  const device = useSyncExternalStore(noSubscription, () => deviceKindOf(navigator.userAgent), () => "desktop" as const);
  useEffect(() => {
    let live = true;
    apiFetch<CheckoutAvailability>("/api/checkout").then(
      (answer) => live && setOptions(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return { options, device };
}
