import "server-only";
import { orderUsers } from "../../orders/server/order-users";
import type { AdminAuditView } from "../../types";

/**
 * The e-mail (else phone) of each operator and user a page of audit rows names, id → address, through
 * the auth admin API as the orders page reads its users (a page names few distinct accounts). A
 * deleted user is gone from auth: their deletion row still carries the address it had.
 */
export async function auditAccounts(entries: AdminAuditView[]): Promise<Record<string, string>> {
  const ids = entries.flatMap((entry) => (entry.targetUserId ? [entry.actorId, entry.targetUserId] : [entry.actorId]));
  const found = await orderUsers(ids);
  const accounts: Record<string, string> = {};
  for (const [id, user] of found) {
    const address = user.email || user.phone;
    if (address) accounts[id] = address;
  }
  for (const entry of entries) {
    const before = entry.before ?? {};
    const remembered = typeof before.email === "string" ? before.email : typeof before.phone === "string" ? before.phone : null;
    if (entry.action === "user.delete" && entry.targetUserId && !accounts[entry.targetUserId] && remembered) accounts[entry.targetUserId] = remembered;
  }
  return accounts;
}
