import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoModelProvider, DEMO_PROVIDER_KEY } from "@/embedded/model-provider";
import { knowledgeDocuments, type Database } from "@/lib/db";
import * as schema from "@/lib/db/schema";
import { openAiEmbedder } from "./embedder";
import { indexDocument } from "./indexer";
import { retrieveChunks, vectorSearch } from "./retrieve";

/**
 * retrieve.ts's pgvector branch (`<=>` over the `real[]` column cast to `vector`), run for real: PGlite with the
 * pgvector extension (`@electric-sql/pglite-pgvector`), the public-domain texts of the retrieval bench indexed with
 * the demo provider's `spark-embed`. Its rankings must be the exact search's (the branch without the extension).
 */
const CORPUS = ["论语.md", "道德经.md", "桃花源记.md", "师说.md"];
const QUESTIONS = ["学而时习之", "上善若水", "桃花源里的人从哪里来", "古之学者必有师", "道可道非常道", "渔人怎样发现桃花源", "三人行必有我师", "知之为知之"];

let client: PGlite;
/** Two handles on one database: `exact` asked before the extension existed (so it keeps the JS branch), `withPgvector` after. */
let exact: Database;
let withPgvector: Database;
const statements: string[] = [];
const embedder = (() => {
  const provider = createDemoModelProvider();
  const openai = new OpenAI({ baseURL: "http://embedded-model-provider.invalid", apiKey: DEMO_PROVIDER_KEY, fetch: async (input, init) => provider.fetch(new Request(input, init)) });
  return openAiEmbedder(openai, "spark-embed");
})();
const documentIds: string[] = [];

beforeAll(async () => {
  const template = process.env.SPARK_PGLITE_TEMPLATE;
  client = await PGlite.create("memory://", { extensions: { vector }, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });
  await migrate(drizzle({ client }), { migrationsFolder: path.join(process.cwd(), "drizzle") });
  exact = drizzle({ client, schema });
  withPgvector = drizzle({ client, schema, logger: { logQuery: (query) => void statements.push(query) } });
  for (const file of CORPUS) {
    const [row] = await exact.insert(knowledgeDocuments).values({ name: file, format: "markdown" }).returning({ id: knowledgeDocuments.id });
    const result = await indexDocument({ db: exact, embedder }, { id: row!.id, format: "markdown" }, readFileSync(path.join(process.cwd(), "bench/retrieval/data", file)), { maxPages: 300 });
    expect(result.status).toBe("indexed");
    documentIds.push(row!.id);
  }
  // The exact branch first (this handle remembers "no pgvector"), then the extension for the other handle.
  await vectorSearch(exact, documentIds, (await embedder.embed(["热身"]))[0]!, embedder.model);
  await client.exec("create extension if not exists vector");
}, 120_000);

afterAll(async () => {
  await client?.close();
});

describe("retrieval on PostgreSQL with pgvector (PGlite + pglite-pgvector)", () => {
  it("orders by <=> in the database and finds the exact search's chunks, in its order, with its scores", async () => {
    for (const question of QUESTIONS) {
      const [query] = await embedder.embed([question]);
      statements.length = 0;
      const byPgvector = await vectorSearch(withPgvector, documentIds, query!, embedder.model, 10);
      expect(statements.some((statement) => statement.includes("<=>")), "the pgvector branch ran").toBe(true);
      const byExact = await vectorSearch(exact, documentIds, query!, embedder.model, 10);
      expect(byExact.length).toBeGreaterThan(5);
      expect(byPgvector.map((hit) => hit.id), question).toEqual(byExact.map((hit) => hit.id));
      byPgvector.forEach((hit, index) => expect(hit.score).toBeCloseTo(byExact[index]!.score, 5));
    }
  });

  it("hybrid retrieval gives the same top five passages with pgvector as without", async () => {
    for (const question of QUESTIONS) {
      const withExtension = await retrieveChunks({ db: withPgvector, embedder }, documentIds, question, { limit: 5 });
      const without = await retrieveChunks({ db: exact, embedder }, documentIds, question, { limit: 5 });
      expect(withExtension.length).toBe(5);
      expect(withExtension.map((chunk) => chunk.id), question).toEqual(without.map((chunk) => chunk.id));
    }
  });
});
