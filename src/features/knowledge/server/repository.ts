import { and, asc, count, desc, eq, inArray, isNull, sum } from "drizzle-orm";
import { knowledgeAppBases, knowledgeBases, knowledgeDocuments, type Database, type KnowledgeBase, type KnowledgeDocument } from "@/lib/db";

/**
 * Knowledge bases and documents. Every user query is scoped by `owner_id`: an id of another user's base or
 * document is simply not found, and callers answer 404 without revealing that it exists.
 */
export interface BaseView {
  id: string;
  name: string;
  shared: boolean;
  documentCount: number;
  createdAt: string;
}

export interface DocumentView {
  id: string;
  baseId: string | null;
  name: string;
  format: string;
  size: number;
  pages: number;
  status: KnowledgeDocument["status"];
  failureReason: string | null;
  chunkCount: number;
  sourceUrl: string | null;
  createdAt: string;
}

export function documentView(row: KnowledgeDocument): DocumentView {
  return {
    id: row.id,
    baseId: row.baseId,
    name: row.name,
    format: row.format,
    size: row.size,
    pages: row.pages,
    status: row.status,
    failureReason: row.failureReason,
    chunkCount: row.chunkCount,
    sourceUrl: row.sourceUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownedBy = (ownerId: string | null) => (ownerId ? eq(knowledgeBases.userId, ownerId) : isNull(knowledgeBases.userId));

/** The bases of one owner (null: the shared, operator-kept ones), newest first, with document counts. */
export async function listBases(db: Database, ownerId: string | null): Promise<BaseView[]> {
  const rows = await db
    .select({ base: knowledgeBases, documents: count(knowledgeDocuments.id) })
    .from(knowledgeBases)
    .leftJoin(knowledgeDocuments, eq(knowledgeDocuments.baseId, knowledgeBases.id))
    .where(ownedBy(ownerId))
    .groupBy(knowledgeBases.id)
    .orderBy(desc(knowledgeBases.createdAt))
    .limit(200);
  return rows.map(({ base, documents }) => baseView(base, documents));
}

function baseView(base: KnowledgeBase, documentCount: number): BaseView {
  return { id: base.id, name: base.name, shared: base.userId === null, documentCount, createdAt: base.createdAt.toISOString() };
}

export async function findBase(db: Database, ownerId: string | null, id: string): Promise<KnowledgeBase | null> {
  const [row] = await db.select().from(knowledgeBases).where(and(eq(knowledgeBases.id, id), ownedBy(ownerId))).limit(1);
  return row ?? null;
}

/** A user may keep this many bases (a guard against scripts, not a plan limit). */
export const MAX_BASES_PER_OWNER = 100;

export async function createBase(db: Database, ownerId: string | null, name: string): Promise<BaseView | "too_many"> {
  const [existing] = await db.select({ total: count() }).from(knowledgeBases).where(ownedBy(ownerId));
  if ((existing?.total ?? 0) >= MAX_BASES_PER_OWNER) return "too_many";
  const [row] = await db.insert(knowledgeBases).values({ userId: ownerId, name }).returning();
  return baseView(row!, 0);
}

export async function renameBase(db: Database, ownerId: string | null, id: string, name: string): Promise<BaseView | null> {
  const [row] = await db.update(knowledgeBases).set({ name, updatedAt: new Date() }).where(and(eq(knowledgeBases.id, id), ownedBy(ownerId))).returning();
  if (!row) return null;
  const [documents] = await db.select({ total: count() }).from(knowledgeDocuments).where(eq(knowledgeDocuments.baseId, id));
  return baseView(row, documents?.total ?? 0);
}

/** Deletes a base and its documents' rows (chunks cascade); returns the storage keys to remove, null when not found. */
export async function deleteBase(db: Database, ownerId: string | null, id: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [base] = await tx.select({ id: knowledgeBases.id }).from(knowledgeBases).where(and(eq(knowledgeBases.id, id), ownedBy(ownerId))).for("update");
    if (!base) return null;
    const documents = await tx.delete(knowledgeDocuments).where(eq(knowledgeDocuments.baseId, id)).returning({ key: knowledgeDocuments.storageKey });
    await tx.delete(knowledgeBases).where(eq(knowledgeBases.id, id));
    return documents.flatMap((document) => (document.key ? [document.key] : []));
  });
}

export async function listDocuments(db: Database, baseId: string): Promise<DocumentView[]> {
  const rows = await db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.baseId, baseId)).orderBy(desc(knowledgeDocuments.createdAt)).limit(1000);
  return rows.map(documentView);
}

/** A document of a base the owner has (null owner: a shared base's). */
export async function findDocumentInBase(db: Database, ownerId: string | null, baseId: string, documentId: string): Promise<KnowledgeDocument | null> {
  const base = await findBase(db, ownerId, baseId);
  if (!base) return null;
  const [row] = await db.select().from(knowledgeDocuments).where(and(eq(knowledgeDocuments.id, documentId), eq(knowledgeDocuments.baseId, baseId))).limit(1);
  return row ?? null;
}

/** A file the user attached to a conversation (no base). */
export async function findAttachedDocument(db: Database, ownerId: string, documentId: string): Promise<KnowledgeDocument | null> {
  const [row] = await db
    .select()
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.id, documentId), eq(knowledgeDocuments.userId, ownerId), isNull(knowledgeDocuments.baseId)))
    .limit(1);
  return row ?? null;
}

export async function deleteDocumentRow(db: Database, documentId: string): Promise<void> {
  await db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, documentId));
}

/** Bytes of the user's documents, counted with their files against the plan's storage quota. */
export async function documentBytesOf(db: Database, ownerId: string): Promise<number> {
  const [row] = await db.select({ total: sum(knowledgeDocuments.size) }).from(knowledgeDocuments).where(eq(knowledgeDocuments.userId, ownerId));
  return Number(row?.total ?? 0);
}

/** The indexed documents a question may search: of the user's chosen bases, or of the attached files, theirs only. */
export async function indexedDocumentsOfBases(db: Database, baseIds: readonly string[]): Promise<{ id: string; name: string; baseName: string }[]> {
  if (baseIds.length === 0) return [];
  return db
    .select({ id: knowledgeDocuments.id, name: knowledgeDocuments.name, baseName: knowledgeBases.name })
    .from(knowledgeDocuments)
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, knowledgeDocuments.baseId))
    .where(and(inArray(knowledgeDocuments.baseId, [...baseIds]), eq(knowledgeDocuments.status, "indexed")));
}

/** Of the ids given, the bases the user may search: their own, and the shared ones attached to the app. */
export async function searchableBaseIds(db: Database, userId: string, appid: string, chosen: readonly string[]): Promise<string[]> {
  const own = chosen.length
    ? await db.select({ id: knowledgeBases.id }).from(knowledgeBases).where(and(inArray(knowledgeBases.id, [...chosen]), eq(knowledgeBases.userId, userId)))
    : [];
  const attached = await db.select({ id: knowledgeAppBases.baseId }).from(knowledgeAppBases).where(eq(knowledgeAppBases.appid, appid)).orderBy(asc(knowledgeAppBases.baseId));
  return [...new Set([...own, ...attached].map((row) => row.id))];
}

/** The shared bases attached to a model app (the console's app settings). */
export async function appBaseIds(db: Database, appid: string): Promise<string[]> {
  const rows = await db.select({ id: knowledgeAppBases.baseId }).from(knowledgeAppBases).where(eq(knowledgeAppBases.appid, appid));
  return rows.map((row) => row.id);
}

/** Replaces the shared bases attached to a model app; ids that are not shared bases are refused (false). */
export async function setAppBases(db: Database, appid: string, baseIds: readonly string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (baseIds.length) {
      const shared = await tx.select({ id: knowledgeBases.id }).from(knowledgeBases).where(and(inArray(knowledgeBases.id, [...baseIds]), isNull(knowledgeBases.userId)));
      if (shared.length !== new Set(baseIds).size) return false;
    }
    await tx.delete(knowledgeAppBases).where(eq(knowledgeAppBases.appid, appid));
    if (baseIds.length) await tx.insert(knowledgeAppBases).values([...new Set(baseIds)].map((baseId) => ({ appid, baseId })));
    return true;
  });
}
