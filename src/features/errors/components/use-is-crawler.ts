"use client";

import { useSyncExternalStore } from "react";
import { isCrawler } from "../crawler";

const subscribeNever = () => () => {};

/** Whether this browser is a crawler; false during server rendering (the server checks on its own). */
export function useIsCrawler(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => isCrawler(navigator.userAgent),
    () => false,
  );
}
