"use client";

import { difyProxyUrl } from "@/features/ai-apps";
import { messageOf } from "@/features/ai-runtime";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { buildConversationExport, type ExportFormat } from "./conversation-export";
import { newestThreadOf } from "./message-tree";
import type { HistoryMessage, MessagePage } from "./types";

/** Pages of 100 read at most (10 000 messages): an export must end even if the cursor never does. */
const MAX_PAGES = 100;

/** Every message of a conversation, oldest first (`GET messages` pages backwards by `first_id`). */
export async function fetchAllMessages(appid: string, conversationId: string): Promise<HistoryMessage[]> {
  const pages: HistoryMessage[][] = [];
  let firstId: string | undefined;
  for (let index = 0; index < MAX_PAGES; index++) {
    const page = await apiFetch<MessagePage>(difyProxyUrl("messages", appid, { conversation_id: conversationId, limit: 100, first_id: firstId }));
    pages.unshift(page.data);
    if (!page.has_more || page.data.length === 0) break;
    firstId = page.data[0]!.id;
  }
  return pages.flat();
}

/** Builds the file in the browser and hands it to the browser's download (nothing is uploaded). */
export async function downloadConversation(input: { appid: string; appName: string; conversationId: string; conversationName: string; format: ExportFormat }): Promise<void> {
  // Regenerated or edited questions are branches: the file holds the thread the page shows on opening.
  const messages = newestThreadOf(await fetchAllMessages(input.appid, input.conversationId));
  const file = buildConversationExport(input.format, { appName: input.appName, conversationId: input.conversationId, conversationName: input.conversationName, messages, now: new Date() });
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The menu's action: download, then say how it went through the toast helper. */
export function exportConversationWithToast(input: Parameters<typeof downloadConversation>[0]): void {
  downloadConversation(input)
    .then(() => toast({ variant: "success", title: "对话已导出", description: input.format === "json" ? "已下载 JSON 文件" : "已下载 Markdown 文件" }))
    .catch((error: unknown) => toast({ variant: "destructive", title: "导出失败", description: messageOf(error) }));
}
