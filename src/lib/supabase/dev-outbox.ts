import type { OutboxMessage } from "@/embedded/outbox";
import { getEnv } from "@/lib/env";
import { isEmbeddedSupabase } from "./connection";
import { getEmbeddedServices } from "./embedded-services";

/**
 * The dev outbox exposes verification links and codes, so it exists only where its mails are ours:
 * the in-process embedded services, or the standalone ones (`npm run services` with DEV_OUTBOX=on)
 * named by DEV_OUTBOX_URL. Unless DEV_OUTBOX says otherwise, only outside production builds.
 */
export function isDevOutboxEnabled(): boolean {
  const env = getEnv();
  if (!isEmbeddedSupabase() && !env.DEV_OUTBOX_URL) return false;
  return env.DEV_OUTBOX ? env.DEV_OUTBOX === "on" : env.NODE_ENV !== "production";
}

/** The newest outbox messages, optionally only those to one recipient. */
export async function listDevOutboxMessages(options: { limit?: number; to?: string } = {}): Promise<OutboxMessage[]> {
  const limit = options.limit ?? 100;
  const matches = (message: OutboxMessage) => !options.to || message.to === options.to;
  const remoteUrl = getEnv().DEV_OUTBOX_URL;
  if (!isEmbeddedSupabase() && remoteUrl) {
    const response = await fetch(remoteUrl, { cache: "no-store" });
    if (!response.ok) throw new Error(`开发发件箱 ${remoteUrl} 返回 ${response.status}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    return messages.filter(matches).slice(0, limit);
  }
  const { outbox } = await getEmbeddedServices();
  return (await outbox.listOutboxMessages({ limit: Math.max(limit, 200) })).filter(matches).slice(0, limit);
}
