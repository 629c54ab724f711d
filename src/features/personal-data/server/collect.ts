import "server-only";
import { asc, desc, eq, or, sql } from "drizzle-orm";
import { listEnabledAppsWithUpstream, type DifyProxy } from "@/features/ai-apps/server";
import { userDifyReader } from "@/features/ai-chat/server";
import {
  apiCallLogs,
  apiKeys,
  authAuditLog,
  authSessions,
  checkoutOrders,
  invitations,
  inviteCodes,
  invoiceRequests,
  knowledgeBases,
  knowledgeDocuments,
  notes,
  payments,
  profiles,
  storageObjects,
  walletLedger,
  type Database,
} from "@/lib/db";

/** Everything the user gets back from 下载我的数据. Secrets (API key hashes, tokens) are never read. */
export interface PersonalData {
  exportedAt: string;
  profile: { id: string; email: string | null; phone: string | null; createdAt: string | null; displayName: string | null; avatarUrl: string | null };
  signIns: { sessions: { createdAt: string; userAgent: string | null; ip: string | null }[]; securityEvents: { action: string; ip: string; createdAt: string }[] };
  conversations: ExportedConversation[];
  notes: { title: string; body: string; createdAt: string; updatedAt: string }[];
  files: { bucket: string; name: string; size: number; mimeType: string; createdAt: string }[];
  /** Names and the lock-down the user chose; the networks a key was used from. Never the secret. */
  apiKeys: {
    name: string;
    prefix: string;
    allowedIps: string[] | null;
    requestsPerMinute: number | null;
    seenNetworks: string[];
    expiresAt: string | null;
    createdAt: string;
    revokedAt: string | null;
  }[];
  /** 调用日志 of the user's keys, newest first (never the messages: they are not kept). */
  apiCallLogs: { requestId: string; endpoint: string; model: string | null; status: number; errorCode: string | null; durationMs: number; createdAt: string }[];
  /**
   * The user's side of invitations: their code, whether they were invited, and the people they invited
   * as outcomes only — who the other person is belongs to that person.
   */
  invitations: {
    code: string | null;
    invitedBy: { status: string; rewardFen: number; createdAt: string } | null;
    invited: { status: string; reason: string | null; rewardFen: number; createdAt: string }[];
  };
  orders: { id: string; planId: string; amount: number; currency: string; status: string; createdAt: string }[];
  payments: { planId: string; amount: number; currency: string; reason: string; createdAt: string }[];
  invoices: { orderId: string; title: string; taxNumber: string | null; email: string; status: string; invoiceNumber: string | null; createdAt: string }[];
  /** 余额明细: every change of the balance (分), with its cause. */
  walletLedger: { kind: string; amountFen: number; balanceAfterFen: number; cause: string; createdAt: string }[];
  /** 知识库 and the documents in them (or attached to a conversation: no base), with where a web page came from. */
  knowledgeDocuments: { base: string | null; name: string; size: number; sourceUrl: string | null; status: string; createdAt: string }[];
}

export interface ExportedConversation {
  app: string;
  appName: string;
  id: string;
  name: string;
  messages: { query: string; answer: string; createdAt: string | null }[];
}

/** The fields of Dify's `GET conversations` / `GET messages` pages an export reads (reference §5.2). */
type ConversationPage = { data: { id: string; name: string }[]; has_more: boolean };
type MessagePage = { data: { id: string; query: string; answer: string; created_at?: number }[]; has_more: boolean };

/** Bounds one export: a very long history is cut, not a runaway upstream read (said in the README of the ZIP). */
const MAX_CONVERSATIONS_PER_APP = 500;
const MAX_MESSAGE_PAGES = 50;
/** The newest call-log rows exported (the log itself is kept for the log-retention period only). */
const MAX_CALL_LOG_ROWS = 10_000;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const unixIso = (seconds: number | undefined) => (seconds === undefined ? null : new Date(seconds * 1000).toISOString());

/**
 * The user's conversations of every chat app (Dify apps and model apps alike), read through the same
 * proxy the chat page calls: the proxy sets `user` to this id on every upstream call, so nothing of
 * another user can be read (see user-dify-reader.ts).
 */
async function collectConversations(proxy: DifyProxy, userId: string): Promise<ExportedConversation[]> {
  const apps = (await listEnabledAppsWithUpstream()).filter((app) => app.kind === "chat");
  const out: ExportedConversation[] = [];
  for (const app of apps) {
    const read = userDifyReader(proxy, userId, app.appid);
    const conversations = [];
    let lastId: string | undefined;
    while (conversations.length < MAX_CONVERSATIONS_PER_APP) {
      const page = await read<ConversationPage>("conversations", { limit: 100, last_id: lastId });
      conversations.push(...page.data);
      if (!page.has_more || page.data.length === 0) break;
      lastId = page.data.at(-1)!.id;
    }
    for (const conversation of conversations) {
      const messages: ExportedConversation["messages"] = [];
      let firstId: string | undefined;
      for (let round = 0; round < MAX_MESSAGE_PAGES; round += 1) {
        const page = await read<MessagePage>("messages", { conversation_id: conversation.id, limit: 100, first_id: firstId });
        // Pages run oldest → newest and go backwards in time: prepend each older page.
        messages.unshift(...page.data.map((message) => ({ query: message.query, answer: message.answer, createdAt: unixIso(message.created_at) })));
        if (!page.has_more || page.data.length === 0) break;
        firstId = page.data[0]!.id;
      }
      out.push({ app: app.appid, appName: app.name, id: conversation.id, name: conversation.name, messages });
    }
  }
  return out;
}

/** Rows of this user only: every query filters by the user id (the test checks another user's rows stay out). */
export async function collectPersonalData(db: Database, proxy: DifyProxy, user: { id: string; email?: string | null; phone?: string | null; createdAt?: string | null }): Promise<PersonalData> {
  const userId = user.id;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [sessionRows, eventRows, noteRows, fileRows, keyRows, orderRows, paymentRows, invoiceRows, ledgerRows, callLogRows, codeRows, invitationRows] = await Promise.all([
    db.select().from(authSessions).where(eq(authSessions.userId, userId)).orderBy(desc(authSessions.createdAt)),
    db.select().from(authAuditLog).where(sql`${authAuditLog.payload}->>'actor_id' = ${userId}`).orderBy(desc(authAuditLog.createdAt)).limit(1000),
    db.select().from(notes).where(eq(notes.userId, userId)).orderBy(asc(notes.createdAt)),
    db.select().from(storageObjects).where(eq(storageObjects.ownerId, userId)).orderBy(asc(storageObjects.name)),
    db
      .select({
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        allowedIps: apiKeys.allowedIps,
        requestsPerMinute: apiKeys.requestsPerMinute,
        seenNetworks: apiKeys.seenNetworks,
        expiresAt: apiKeys.expiresAt,
        createdAt: apiKeys.createdAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId)),
    db.select().from(checkoutOrders).where(eq(checkoutOrders.userId, userId)).orderBy(asc(checkoutOrders.createdAt)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt)),
    db.select().from(invoiceRequests).where(eq(invoiceRequests.userId, userId)).orderBy(asc(invoiceRequests.createdAt)),
    db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(asc(walletLedger.createdAt)),
    db.select().from(apiCallLogs).where(eq(apiCallLogs.userId, userId)).orderBy(desc(apiCallLogs.createdAt)).limit(MAX_CALL_LOG_ROWS),
    db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId)),
    db.select().from(invitations).where(or(eq(invitations.inviteeId, userId), eq(invitations.inviterId, userId))).orderBy(asc(invitations.createdAt)),
  ]);
  const invitedBy = invitationRows.find((row) => row.inviteeId === userId);
  const knowledgeRows = await db
    .select({ base: knowledgeBases.name, document: knowledgeDocuments })
    .from(knowledgeDocuments)
    .leftJoin(knowledgeBases, eq(knowledgeBases.id, knowledgeDocuments.baseId))
    .where(eq(knowledgeDocuments.userId, userId))
    .orderBy(asc(knowledgeDocuments.createdAt));
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: userId,
      email: user.email ?? null,
      phone: user.phone || null,
      createdAt: user.createdAt ?? null,
      displayName: profile?.displayName ?? null,
      avatarUrl: profile?.avatarUrl ?? null,
    },
    signIns: {
      sessions: sessionRows.map((row) => ({ createdAt: row.createdAt.toISOString(), userAgent: row.userAgent ?? null, ip: row.ip ?? null })),
      securityEvents: eventRows.map((row) => ({ action: typeof row.payload.action === "string" ? row.payload.action : "", ip: row.ipAddress ?? "", createdAt: row.createdAt.toISOString() })),
    },
    conversations: await collectConversations(proxy, userId),
    notes: noteRows.map((row) => ({ title: row.title, body: row.body, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
    files: fileRows.map((row) => ({ bucket: row.bucketId, name: row.name, size: row.size, mimeType: row.mimeType, createdAt: row.createdAt.toISOString() })),
    apiKeys: keyRows.map((row) => ({ ...row, expiresAt: iso(row.expiresAt), createdAt: row.createdAt.toISOString(), revokedAt: iso(row.revokedAt) })),
    apiCallLogs: callLogRows.map((row) => ({
      requestId: row.requestId,
      endpoint: row.endpoint,
      model: row.model,
      status: row.status,
      errorCode: row.errorCode,
      durationMs: row.durationMs,
      createdAt: row.createdAt.toISOString(),
    })),
    invitations: {
      code: codeRows[0]?.code ?? null,
      invitedBy: invitedBy ? { status: invitedBy.status, rewardFen: invitedBy.inviteeRewardFen, createdAt: invitedBy.createdAt.toISOString() } : null,
      invited: invitationRows
        .filter((row) => row.inviterId === userId)
        .map((row) => ({ status: row.status, reason: row.reason, rewardFen: row.inviterRewardFen, createdAt: row.createdAt.toISOString() })),
    },
    orders: orderRows.map((row) => ({ id: row.id, planId: row.planId, amount: row.amount, currency: row.currency, status: row.status, createdAt: row.createdAt.toISOString() })),
    payments: paymentRows.map((row) => ({ planId: row.planId, amount: row.amount, currency: row.currency, reason: row.reason, createdAt: row.createdAt.toISOString() })),
    invoices: invoiceRows.map((row) => ({
      orderId: row.orderId,
      title: row.title,
      taxNumber: row.taxNumber,
      email: row.email,
      status: row.status,
      invoiceNumber: row.invoiceNumber,
      createdAt: row.createdAt.toISOString(),
    })),
    walletLedger: ledgerRows.map((row) => ({ kind: row.kind, amountFen: Number(row.amountFen), balanceAfterFen: Number(row.balanceAfterFen), cause: row.cause, createdAt: row.createdAt.toISOString() })),
    knowledgeDocuments: knowledgeRows.map(({ base, document }) => ({
      base,
      name: document.name,
      size: document.size,
      sourceUrl: document.sourceUrl,
      status: document.status,
      createdAt: document.createdAt.toISOString(),
    })),
  };
}
