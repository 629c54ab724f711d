import type { AiApp } from "../registry";
import type { ProxyModeration } from "./moderation";

/** Which history answer an endpoint returns: a conversation's messages, or one message's suggested questions. */
export type HistoryRead = { kind: "messages" } | { kind: "suggested"; messageId: string };

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Content safety on history read back through the proxy: the upstream kept the whole answer of a
 * message whose stream was cut, so its text (and what was derived from it: the agent's thoughts,
 * cited sources, files) is replaced by the notice the stream showed; a cut answer gets no
 * suggested follow-up questions (they would repeat its words).
 */
export async function reviewHistory(read: HistoryRead, body: unknown, call: { moderation: ProxyModeration; app: AiApp; userId: string }): Promise<unknown> {
  const { moderation, app, userId } = call;
  if (!moderation.blockedAmong || !isRow(body)) return body;
  if (read.kind === "suggested") {
    const blocked = await moderation.blockedAmong({ app, userId, messageIds: [read.messageId] });
    return blocked.size > 0 ? { ...body, data: [] } : body;
  }
  if (!Array.isArray(body.data)) return body;
  const rows = body.data.filter(isRow);
  const ids = rows.map((row) => row.id).filter((id): id is string => typeof id === "string");
  if (ids.length === 0) return body;
  const blocked = await moderation.blockedAmong({ app, userId, messageIds: ids });
  if (blocked.size === 0) return body;
  const notice = moderation.blockedNotice ?? "";
  return {
    ...body,
    data: body.data.map((row) => (isRow(row) && typeof row.id === "string" && blocked.has(row.id) ? { ...row, answer: notice, agent_thoughts: [], retriever_resources: [], message_files: [] } : row)),
  };
}
