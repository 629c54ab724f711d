"use client";

import { useEffect } from "react";
import { isChunkLoadError } from "../chunk-error";
import { reloadOnce } from "../reload-guard";

/** Reloads the page (guarded) when a code chunk of an older build can no longer be loaded. */
export function ChunkLoadRecovery() {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadOnce();
    };
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error ?? event.message)) reloadOnce();
    };
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    return () => {
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
    };
  }, []);
  return null;
}
