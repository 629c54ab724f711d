"use client";

import { createContext, useContext, type ReactNode } from "react";

const CrawlerContext = createContext(false);

/**
 * Whether the visitor is a crawler, decided by the server from the request's user agent (the root
 * layout renders per request anyway): the browser then needs no crawler list of its own.
 */
export function CrawlerProvider({ crawler, children }: { crawler: boolean; children: ReactNode }) {
  return <CrawlerContext.Provider value={crawler}>{children}</CrawlerContext.Provider>;
}

/**
 * For error boundaries: crawlers get a plain error, never the error page UI (SPEC §8). Outside the
 * root layout (global-error, when the layout itself failed) nobody told us: treated as a person.
 */
export function useIsCrawler(): boolean {
  return useContext(CrawlerContext);
}
