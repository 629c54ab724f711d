"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { messageOf } from "@/features/ai-runtime";
import { toast } from "@/lib/toast";
import type { Conversation } from "../types";

/** Asks before a conversation is deleted. */
export function DeleteDialog({ conversation, onOpenChange, onDelete }: { conversation: Conversation | null; onOpenChange: (open: boolean) => void; onDelete: (id: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!conversation) return;
    setBusy(true);
    try {
      await onDelete(conversation.id);
      onOpenChange(false);
      toast({ variant: "success", title: "对话已删除" });
    } catch (error) {
      toast({ variant: "destructive", title: "删除失败", description: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmDialog
      open={conversation !== null}
      onOpenChange={onOpenChange}
      title="删除对话？"
      description={`「${conversation?.name ?? ""}」及其中的全部消息将被删除，无法恢复。`}
      cancelLabel="取消"
      confirmLabel={busy ? "删除中…" : "确认删除"}
      confirmDisabled={busy}
      onConfirm={() => void confirm()}
    />
  );
}
