import type { OutboxMessage } from "@/embedded/outbox";
import { getEnv } from "@/lib/env";
import { isEmbeddedSupabase } from "./connection";
import { getEmbeddedServices } from "./embedded-services";

/**
 * The dev outbox exposes verification links and codes, so it exists only with the embedded services
 * and, unless DEV_OUTBOX says otherwise, only outside production builds.
 */
export function isDevOutboxEnabled(): boolean {
  const env = getEnv();
  if (!isEmbeddedSupabase()) return false;
  return env.DEV_OUTBOX ? env.DEV_OUTBOX === "on" : env.NODE_ENV !== "production";
}

/** The newest outbox messages, optionally only those to one recipient. */
export async function listDevOutboxMessages(options: { limit?: number; to?: string } = {}): Promise<OutboxMessage[]> {
  const { outbox } = await getEmbeddedServices();
  const messages = await outbox.listOutboxMessages({ limit: options.limit ?? 100 });
  return options.to ? messages.filter((message) => message.to === options.to) : messages;
}
