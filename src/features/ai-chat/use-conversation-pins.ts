"use client";

import { useCallback, useEffect, useState } from "react";
import { messageOf } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import type { PinnedRef } from "./pinned-conversations";
import type { ConversationPinList } from "./search-types";
import type { Conversation } from "./types";

const PINS_URL = "/api/ai/conversations/pins";

/** The user's pinned conversations of one app (stored by us: Dify has no pins), most recent first. */
export function useConversationPins(appid: string) {
  const [pins, setPins] = useState<PinnedRef[]>([]);

  useEffect(() => {
    let live = true;
    apiFetch<ConversationPinList>(`${PINS_URL}?${new URLSearchParams({ appid })}`)
      .then((list) => live && setPins(list.data))
      // The list works without pins; say so once rather than hide that they are missing.
      .catch((error: unknown) => live && toast({ variant: "destructive", title: "置顶列表加载失败", description: messageOf(error) }));
    return () => {
      live = false;
    };
  }, [appid]);

  const setPinned = useCallback(
    async (conversation: Conversation, pinned: boolean) => {
      const conversationId = conversation.id;
      try {
        await apiFetch(PINS_URL, { method: pinned ? "PUT" : "DELETE", json: { appid, conversationId } });
        const rest = (current: PinnedRef[]) => current.filter((pin) => pin.conversationId !== conversationId);
        setPins((current) => (pinned ? [{ conversationId, name: conversation.name, updated_at: conversation.updated_at }, ...rest(current)] : rest(current)));
        toast({ variant: "success", title: pinned ? "已置顶" : "已取消置顶" });
      } catch (error) {
        toast({ variant: "destructive", title: pinned ? "置顶失败" : "取消置顶失败", description: messageOf(error) });
      }
    },
    [appid],
  );

  /** After a delete: the server removed the pin with the conversation. */
  const forget = useCallback((conversationId: string) => setPins((current) => current.filter((pin) => pin.conversationId !== conversationId)), []);

  return { pins, setPinned, forget };
}
