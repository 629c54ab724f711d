import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import OpenAI from "openai";
import { createDemoModelProvider, DEMO_PROVIDER_KEY } from "../../src/embedded/model-provider/index";
import { knowledgeDocuments } from "../../src/lib/db/schema";
import { openDatabase } from "../../src/lib/db/open";
import { openAiEmbedder } from "../../src/features/knowledge/server/embedder";
import { writeSamplePdf } from "../../src/features/knowledge/server/extract/sample-pdf";
import { indexDocument } from "../../src/features/knowledge/server/indexer";
import { retrieveChunks, type RetrievalMode } from "../../src/features/knowledge/server/retrieve";

/**
 * `npm run bench retrieval` (issue 37): recall@5 of the knowledge retrieval on a Chinese evaluation set —
 * the product's own docs (content/docs) and public-domain classical texts (data/*.md), with questions each
 * naming the passage that answers it (data/questions.json) — for full-text only, embeddings only and hybrid
 * (target: hybrid ≥ 0.9), with the embedded demo provider's `spark-embed`; then indexing speed of a generated
 * 200-page PDF (pages per second, memory). In-memory PGlite, nothing leaves the machine.
 */
const root = path.resolve(__dirname, "../..");
const MODES: RetrievalMode[] = ["fulltext", "embedding", "hybrid"];
const TOP_K = 5;

interface Question {
  question: string;
  document: string;
  answer: string;
}

function corpusFiles(): string[] {
  const docs = readdirSync(path.join(root, "content/docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".mdx"))
    .map((file) => path.join("content/docs", file));
  const classics = readdirSync(path.join(__dirname, "data"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("bench/retrieval/data", file));
  return [...docs, ...classics].sort();
}

const squash = (text: string) => text.replace(/\s+/g, "");

export default async function retrievalBenchmark(): Promise<void> {
  const handle = await openDatabase({ kind: "pglite" });
  const provider = createDemoModelProvider();
  const client = new OpenAI({ baseURL: "http://embedded-model-provider.invalid", apiKey: DEMO_PROVIDER_KEY, fetch: async (input, init) => provider.fetch(new Request(input, init)) });
  const deps = { db: handle.db, embedder: openAiEmbedder(client, "spark-embed") };
  try {
    const files = corpusFiles();
    const documentIds = new Map<string, string>();
    let chunks = 0;
    for (const file of files) {
      const [row] = await handle.db.insert(knowledgeDocuments).values({ name: file, format: "markdown" }).returning({ id: knowledgeDocuments.id });
      const result = await indexDocument(deps, { id: row!.id, format: "markdown" }, readFileSync(path.join(root, file)), { maxPages: 300 });
      if (result.status !== "indexed") throw new Error(`${file} 索引失败`);
      chunks += result.chunks;
      documentIds.set(row!.id, file);
    }
    const questions = JSON.parse(readFileSync(path.join(__dirname, "data/questions.json"), "utf8")) as Question[];
    console.log(`corpus: ${files.length} documents, ${chunks} chunks; ${questions.length} questions; recall@${TOP_K} = the answering passage is in the top ${TOP_K}`);
    const ids = [...documentIds.keys()];
    for (const mode of MODES) {
      let found = 0;
      let rightDocument = 0;
      const misses: string[] = [];
      for (const question of questions) {
        const results = await retrieveChunks(deps, ids, question.question, { limit: TOP_K, mode });
        if (results.some((chunk) => documentIds.get(chunk.documentId) === question.document && squash(chunk.content).includes(squash(question.answer)))) found += 1;
        else misses.push(question.question);
        if (results[0] && documentIds.get(results[0].documentId) === question.document) rightDocument += 1;
      }
      const recall = found / questions.length;
      console.log(
        `${mode.padEnd(9)} recall@${TOP_K} ${recall.toFixed(3)}  top-1 citation names the right document ${(rightDocument / questions.length).toFixed(3)}${mode === "hybrid" ? `  (target ≥ 0.9: ${recall >= 0.9 ? "met" : "NOT met"})` : ""}`,
      );
      if (process.env.BENCH_VERBOSE) for (const miss of misses) console.log(`   missed: ${miss}`);
    }
    await indexingSpeed(deps);
  } finally {
    await handle.close();
  }
}

/** 200 pages of ~40 lines of Chinese text each, indexed end to end (extract, chunk, segment, embed, store). */
async function indexingSpeed(deps: Parameters<typeof indexDocument>[0]): Promise<void> {
  const PAGES = 200;
  const line = (page: number, row: number) => `第${page}页第${row}行：思维火花的知识库把文档切成段落，用中文分词建立全文索引，并用向量检索补充语义相近的内容。`;
  const pdf = writeSamplePdf(Array.from({ length: PAGES }, (_, page) => Array.from({ length: 40 }, (_, row) => line(page + 1, row + 1))));
  const [row] = await deps.db.insert(knowledgeDocuments).values({ name: "bench.pdf", format: "pdf" }).returning({ id: knowledgeDocuments.id });
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const result = await indexDocument(deps, { id: row!.id, format: "pdf" }, pdf, { maxPages: PAGES });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    `indexing: ${PAGES}-page PDF (${(pdf.byteLength / 1024).toFixed(0)} KB, ${result.chunks} chunks) in ${seconds.toFixed(2)} s = ${(PAGES / seconds).toFixed(1)} pages/s; ` +
      `RSS ${(before.rss / 2 ** 20).toFixed(0)} → peak ${(peakRss / 2 ** 20).toFixed(0)} MB (+${((peakRss - before.rss) / 2 ** 20).toFixed(0)} MB)`,
  );
}
