"use client";

import { useCallback, useEffect, useState } from "react";
import { messageOf } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import type { ConversationShare, ConversationShareList } from "./types";

const SHARES_URL = "/api/ai/conversations/shares";

export type SharesState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; shares: ConversationShare[] };

/** The live share links of one conversation, with making a new one and stopping one. */
export function useConversationShares(appid: string, conversationId: string) {
  const [state, setState] = useState<SharesState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    apiFetch<ConversationShareList>(`${SHARES_URL}?${new URLSearchParams({ appid, conversation_id: conversationId })}`)
      .then((list) => live && setState({ status: "ready", shares: list.data }))
      .catch((error: unknown) => live && setState({ status: "error", message: messageOf(error) }));
    return () => {
      live = false;
    };
  }, [appid, conversationId, attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }, []);

  /** Makes a new link (throws the API's error for the caller to show). */
  const create = useCallback(async (): Promise<ConversationShare> => {
    const share = await apiFetch<ConversationShare>(SHARES_URL, { method: "POST", json: { appid, conversation_id: conversationId } });
    setState((current) => ({ status: "ready", shares: [share, ...(current.status === "ready" ? current.shares : [])] }));
    return share;
  }, [appid, conversationId]);

  /** Stops a link (throws the API's error for the caller to show). */
  const revoke = useCallback(async (id: string): Promise<void> => {
    await apiFetch(`${SHARES_URL}/${encodeURIComponent(id)}`, { method: "DELETE" });
    setState((current) => (current.status === "ready" ? { status: "ready", shares: current.shares.filter((share) => share.id !== id) } : current));
  }, []);

  return { state, reload, create, revoke };
}
