import { difyProxyUrl } from "@/features/ai-apps";
import { apiFetch } from "@/lib/fetch";
import type { Rating } from "./types";

/** Rates a message (`null` takes the rating back); `content` is the reason given with it (踩). */
export async function sendFeedback(appid: string, messageId: string, rating: Rating, content?: string): Promise<void> {
  const json = content && rating ? { rating, content } : { rating };
  await apiFetch(difyProxyUrl(`messages/${encodeURIComponent(messageId)}/feedbacks`, appid), { method: "POST", json });
}

/** Asks the proxy to stop a running task (chat, completion or workflow). */
export async function stopTask(appid: string, path: string): Promise<void> {
  await apiFetch(difyProxyUrl(path, appid), { method: "POST", json: {} });
}
