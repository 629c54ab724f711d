import type { ApiKeyRow, Database } from "@/lib/db";
import { logger } from "@/lib/log/logger.mjs";
import { processSingleton } from "@/lib/process-singleton";
import type { KeyMailDeps } from "./key-mail-deps";
import { keyNewNetworkMail } from "./key-mails";
import { networkOf } from "./key-networks";
import { rememberNetwork } from "./key-lockdown";

/** Notices still being sent (the request does not wait for a mail); tests and shutdown wait for them. */
const pending = () => processSingleton("sparkai.api-keys.network-notices", () => new Set<Promise<void>>());

/**
 * When `address` is in a network (/24, /48) this key was never used from, remembers it and mails
 * the key's owner once (the claim is in the database, so two processes mail once). Costs nothing
 * for a known network: the loaded row already lists it. Never fails the request.
 */
export function noticeNewNetwork(db: Database, key: ApiKeyRow, address: string | undefined, deps: () => KeyMailDeps, now = new Date()): void {
  const network = networkOf(address);
  if (!network || !address || key.seenNetworks.includes(network)) return;
  const work = (async () => {
    if (!(await rememberNetwork(db, key.id, network))) return;
    const mailer = deps();
    const email = await mailer.emailOf(key.userId);
    if (email) await mailer.sendMail(keyNewNetworkMail({ to: email, keyName: key.name, prefix: key.prefix, network, address, at: now, keysUrl: mailer.keysUrl }));
  })()
    .catch((error: unknown) => logger().warn({ err: error }, "API 密钥新网络提醒失败"))
    .finally(() => pending().delete(work));
  pending().add(work);
}

/** Resolves once every notice started so far is sent (or failed). */
export async function networkNoticesIdle(): Promise<void> {
  while (pending().size > 0) await Promise.all([...pending()]);
}
