import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { knowledgeChunks, type Database } from "@/lib/db";
import type { Embedder } from "./embedder";
import { confidenceWeightedFusion, cosineSimilarity, type ScoredCandidate } from "./fusion";
import { searchTerms } from "./segment";

/** A chunk found for a question, with where it is (for the citation). */
export interface RetrievedChunk {
  id: string;
  documentId: string;
  content: string;
  page: number | null;
  section: string | null;
  /** Fused score in [0, 1] (1 = first in every list that counted). */
  score: number;
}

export type RetrievalMode = "fulltext" | "embedding" | "hybrid";

/** BM25's usual constants: term-frequency saturation and length normalization. */
const K1 = 1.2;
const B = 0.75;
/** How deep each list goes before fusion. */
const CANDIDATES = 50;

const uuidArray = (ids: readonly string[]): SQL => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/**
 * Full-text ranking: BM25 over the chunks' segmented terms, in SQL. Chosen over `to_tsvector('simple', …)`
 * because PostgreSQL's text-search parser decides what a letter is by the database's locale (under the C
 * locale PGlite and many servers use, Han characters are not letters and are dropped), while a `text[]` of
 * terms segmented in JS (ICU) means the same on every database; the GIN index finds the candidates (`&&`) and
 * BM25 gives rare terms (IDF) their weight, which plain `ts_rank` would not.
 */
export async function fullTextSearch(db: Database, documentIds: readonly string[], query: string, limit = CANDIDATES): Promise<ScoredCandidate[]> {
  const terms = [...new Set(searchTerms(query))].slice(0, 64);
  if (terms.length === 0 || documentIds.length === 0) return [];
  const { rows } = await db.execute<{ id: string; score: number }>(sql`
    with scope as (
      select id, terms, cardinality(terms) as length from ${knowledgeChunks} where document_id = any(${uuidArray(documentIds)})
    ),
    stats as (select count(*)::float8 as n, greatest(avg(length), 1)::float8 as average from scope),
    query_terms as (select unnest(${textArray(terms)}) as term),
    frequencies as (
      select q.term, count(s.id)::float8 as df from query_terms q join scope s on s.terms @> array[q.term] group by q.term
    ),
    matches as (
      select s.id, s.length, f.term, f.df, (select count(*) from unnest(s.terms) as t(value) where t.value = f.term)::float8 as tf
      from scope s join frequencies f on s.terms @> array[f.term]
      where s.terms && ${textArray(terms)}
    )
    select m.id, sum(ln(1 + (stats.n - m.df + 0.5) / (m.df + 0.5)) * m.tf * ${K1 + 1}::float8 / (m.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * m.length / stats.average))) as score
    from matches m, stats
    group by m.id
    order by score desc, m.id
    limit ${limit}
  `);
  return rows.map((row) => ({ id: row.id, score: Number(row.score) }));
}

/** Per database handle (a process may hold several: tests, a PGlite with the extension beside one without). */
const pgvector = new WeakMap<Database, Promise<boolean>>();

/** Whether the database has the pgvector extension installed (checked once per database). */
function hasPgvector(db: Database): Promise<boolean> {
  let found = pgvector.get(db);
  if (!found) {
    found = db
      .execute<{ found: boolean }>(sql`select exists (select 1 from pg_extension where extname = 'vector') as found`)
      .then(({ rows }) => rows[0]?.found === true)
      .catch(() => false);
    pgvector.set(db, found);
  }
  return found;
}

/**
 * Embedding ranking by cosine similarity, exact. With pgvector the database orders by `<=>` (the `real[]`
 * column cast to `vector`: exact, no index, fine for the collections one question searches); without it the
 * vectors of the documents in scope are compared here, which is fast enough for small collections (a few
 * thousand chunks) and needs no extension (PGlite).
 */
export async function vectorSearch(db: Database, documentIds: readonly string[], vector: readonly number[], model: string, limit = CANDIDATES): Promise<ScoredCandidate[]> {
  if (documentIds.length === 0 || vector.length === 0) return [];
  if (await hasPgvector(db)) {
    const literal = `[${vector.join(",")}]`;
    const { rows } = await db.execute<{ id: string; score: number }>(sql`
      select id, 1 - (embedding::vector <=> ${literal}::vector) as score from ${knowledgeChunks}
      where document_id = any(${uuidArray(documentIds)}) and embedding_model = ${model} and cardinality(embedding) = ${vector.length}
      order by embedding::vector <=> ${literal}::vector, id
      limit ${limit}
    `);
    return rows.map((row) => ({ id: row.id, score: Number(row.score) }));
  }
  const rows = await db
    .select({ id: knowledgeChunks.id, embedding: knowledgeChunks.embedding })
    .from(knowledgeChunks)
    .where(and(inArray(knowledgeChunks.documentId, [...documentIds]), eq(knowledgeChunks.embeddingModel, model), isNotNull(knowledgeChunks.embedding)));
  return rows
    .filter((row) => row.embedding?.length === vector.length)
    .map((row) => ({ id: row.id, score: cosineSimilarity(vector, row.embedding!) }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/**
 * The chunks of the given (already authorized, indexed) documents that best answer a question: full-text,
 * embeddings, or both fused by `confidenceWeightedFusion`. An embedding provider that fails leaves the full-text list
 * (the answer is still grounded, just less well) rather than failing the question.
 */
export async function retrieveChunks(
  deps: { db: Database; embedder: Embedder },
  documentIds: readonly string[],
  query: string,
  options: { limit: number; mode?: RetrievalMode; signal?: AbortSignal },
): Promise<RetrievedChunk[]> {
  const mode = options.mode ?? "hybrid";
  if (documentIds.length === 0 || !query.trim()) return [];
  const lists: ScoredCandidate[][] = [];
  if (mode !== "embedding") lists.push(await fullTextSearch(deps.db, documentIds, query));
  if (mode !== "fulltext") {
    const vector = await deps.embedder.embed([query], options.signal).then(([first]) => first ?? [], (error: unknown) => {
      if (mode === "embedding") throw error;
      console.warn(`[knowledge] 问题向量化失败，只用全文检索：${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    lists.push(await vectorSearch(deps.db, documentIds, vector, deps.embedder.model));
  }
  const fused = confidenceWeightedFusion(lists, options.limit);
  if (fused.length === 0) return [];
  const rows = await deps.db
    .select({ id: knowledgeChunks.id, documentId: knowledgeChunks.documentId, content: knowledgeChunks.content, page: knowledgeChunks.page, section: knowledgeChunks.section })
    .from(knowledgeChunks)
    .where(inArray(knowledgeChunks.id, fused.map((entry) => entry.id)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fused.flatMap(({ id, score }) => {
    const row = byId.get(id);
    return row ? [{ ...row, score }] : [];
  });
}
