"use client";

import { useEffect, useState } from "react";

/**
 * For error boundaries: crawlers get a plain error, never the error page UI (SPEC §8). Decided in the
 * browser from its user agent, so no page has to read request headers for it (static pages stay
 * static); the bot list loads only when an error screen shows. Server-rendered 404s decide on the
 * server (NotFoundScreen), and crawlers that run no JavaScript never see the buttons work anyway.
 */
export function useIsCrawler(): boolean {
  const [crawler, setCrawler] = useState(false);
  useEffect(() => {
    let current = true;
    void import("../crawler").then(({ isCrawler }) => {
      if (current) setCrawler(isCrawler(navigator.userAgent));
    });
    return () => {
      current = false;
    };
  }, []);
  return crawler;
}
