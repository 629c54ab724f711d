import type { Database } from "@/lib/db/types";
import { removePin } from "./conversation-pins";

export interface ProxiedCall {
  method: string;
  path: string[];
  appid: string | null;
  userId: string;
  status: number;
}

/**
 * After the proxy deleted a conversation (`DELETE conversations/{id}` answered 2xx), its pin goes
 * too: a pin of a conversation that no longer exists would only ever be an orphan row. Done on the
 * server, beside the delete, so no client can forget it.
 */
export async function removePinOfDeletedConversation(db: Database, call: ProxiedCall): Promise<void> {
  const [resource, conversationId, ...rest] = call.path;
  if (call.method !== "DELETE" || resource !== "conversations" || !conversationId || rest.length > 0) return;
  if (call.status < 200 || call.status >= 300 || !call.appid) return;
  await removePin(db, call.userId, call.appid, conversationId);
}
