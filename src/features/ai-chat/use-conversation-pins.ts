"use client";

import { useCallback, useEffect, useState } from "react";
import { messageOf } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import type { ConversationPinList } from "./search-types";

const PINS_URL = "/api/ai/conversations/pins";

/** The user's pinned conversations of one app (stored by us: Dify has no pins), most recent first. */
export function useConversationPins(appid: string) {
  const [pinnedIds, setPinnedIds] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    apiFetch<ConversationPinList>(`${PINS_URL}?${new URLSearchParams({ appid })}`)
      .then((list) => live && setPinnedIds(list.data.map((pin) => pin.conversationId)))
      // The list works without pins; say so once rather than hide that they are missing.
      .catch((error: unknown) => live && toast({ variant: "destructive", title: "置顶列表加载失败", description: messageOf(error) }));
    return () => {
      live = false;
    };
  }, [appid]);

  const setPinned = useCallback(
    async (conversationId: string, pinned: boolean) => {
      try {
        await apiFetch(PINS_URL, { method: pinned ? "PUT" : "DELETE", json: { appid, conversationId } });
        setPinnedIds((ids) => (pinned ? [conversationId, ...ids.filter((id) => id !== conversationId)] : ids.filter((id) => id !== conversationId)));
        toast({ variant: "success", title: pinned ? "已置顶" : "已取消置顶" });
      } catch (error) {
        toast({ variant: "destructive", title: pinned ? "置顶失败" : "取消置顶失败", description: messageOf(error) });
      }
    },
    [appid],
  );

  /** After a delete: the server removed the pin with the conversation. */
  const forget = useCallback((conversationId: string) => setPinnedIds((ids) => ids.filter((id) => id !== conversationId)), []);

  return { pinnedIds, setPinned, forget };
}
