"use client";

import { lazy, Suspense, useState } from "react";
import { useToast } from "@/lib/toast";

// Most page views never show a toast: the Radix toast code loads with the first one.
const ToastArea = lazy(() => import("./toast-area"));

/** The toast area of the root shell. */
export function Toaster() {
  const { toasts } = useToast();
  const [used, setUsed] = useState(false);
  // Once there, the area stays (a closing toast animates out; the next one needs no download).
  if (!used && toasts.length > 0) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea toasts={toasts} />
    </Suspense>
  );
}
