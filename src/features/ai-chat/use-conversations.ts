"use client";

import { useCallback, useEffect, useReducer } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { messageOf } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import { conversationsReducer, initialConversations } from "./conversations-reducer";
import type { Conversation, ConversationPage } from "./types";

const PAGE_SIZE = 20;

/** The signed-in user's conversations with one app, and the calls that change them. */
export function useConversations(appid: string) {
  const [state, dispatch] = useReducer(conversationsReducer, initialConversations);

  const load = useCallback(
    async (lastId?: string, mode: "replace" | "refresh" = "replace") => {
      dispatch({ type: "load-start", more: lastId !== undefined });
      try {
        const page = await apiFetch<ConversationPage>(difyProxyUrl("conversations", appid, { limit: PAGE_SIZE, last_id: lastId }));
        dispatch({ type: "loaded", page: page.data, hasMore: page.has_more, mode: lastId !== undefined ? "append" : mode });
      } catch (error) {
        dispatch({ type: "load-failed", message: messageOf(error) });
      }
    },
    [appid],
  );

  useEffect(() => {
    // Initial page of the list; the reducer starts in "loading".
    void load();
  }, [load]);

  const loadMore = useCallback(() => {
    const last = state.items.at(-1);
    if (last && state.hasMore && state.status !== "loading" && state.status !== "loading-more") void load(last.id);
  }, [load, state.hasMore, state.items, state.status]);

  /** Renames; with `autoGenerate` the server names it from the messages. Throws an ApiError. */
  const rename = useCallback(
    async (id: string, name: string | { autoGenerate: true }) => {
      const body = typeof name === "string" ? { name } : { auto_generate: true };
      const conversation = await apiFetch<Conversation>(difyProxyUrl(`conversations/${encodeURIComponent(id)}/name`, appid), { method: "POST", json: body });
      const newName = conversation?.name ?? (typeof name === "string" ? name : "");
      dispatch({ type: "renamed", id, name: newName });
      return newName;
    },
    [appid],
  );

  const remove = useCallback(
    async (id: string) => {
      await apiFetch(difyProxyUrl(`conversations/${encodeURIComponent(id)}`, appid), { method: "DELETE", json: {} });
      dispatch({ type: "removed", id });
    },
    [appid],
  );

  const upsert = useCallback((conversation: Conversation) => dispatch({ type: "upserted", conversation }), []);

  /** Re-reads the first page (after a new conversation got its generated name). */
  const refresh = useCallback(() => load(undefined, "refresh"), [load]);

  return { state, loadMore, rename, remove, upsert, refresh };
}
