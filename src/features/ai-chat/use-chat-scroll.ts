"use client";

import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import type { Exchange } from "./types";

const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 120;

/**
 * Keeps the message list pinned to the bottom while answers stream (unless the reader scrolled up),
 * loads older history when the top is reached, and keeps the reading position when it arrives.
 * Returns the ref for the scrolling element.
 */
export function useChatScroll(exchanges: Exchange[], canLoadOlder: boolean, loadOlder: () => void) {
  const container = useRef<HTMLDivElement>(null);
  const position = useRef<{ stick: boolean; firstKey?: string; heightBeforeOlder: number | null }>({ stick: true, heightBeforeOlder: null });

  useLayoutEffect(() => {
    const element = container.current;
    const state = position.current;
    if (!element) return;
    const first = exchanges[0]?.key;
    if (state.heightBeforeOlder !== null && state.firstKey !== undefined && first !== state.firstKey) {
      element.scrollTop += element.scrollHeight - state.heightBeforeOlder;
      state.heightBeforeOlder = null;
    } else if (state.stick) {
      // Back at the bottom: a pending "older page" position (e.g. its load failed) no longer applies.
      state.heightBeforeOlder = null;
      element.scrollTop = element.scrollHeight;
    }
    state.firstKey = first;
  }, [exchanges]);

  // Content also grows without new state (the markdown renderer loads lazily, code gets highlighted):
  // stay at the bottom through those changes too.
  useEffect(() => {
    const element = container.current;
    if (!element || typeof MutationObserver === "undefined") return;
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (position.current.stick && position.current.heightBeforeOlder === null) element.scrollTop = element.scrollHeight;
      });
    });
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  const onScroll = useCallback(() => {
    const element = container.current;
    const state = position.current;
    if (!element) return;
    state.stick = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && canLoadOlder) {
      state.heightBeforeOlder = element.scrollHeight;
      loadOlder();
    }
  }, [canLoadOlder, loadOlder]);

  /** Scrolls to the newest message (after sending, after opening a conversation). */
  const pinToBottom = useCallback(() => {
    position.current.stick = true;
    const element = container.current;
    if (element) element.scrollTo({ top: element.scrollHeight });
  }, []);

  return { container, onScroll, pinToBottom };
}
