import "server-only";
import { getDatabase } from "@/lib/db";
import { supabaseDocumentStorage } from "./document-storage";
import { embedderFromEnv, type Embedder } from "./embedder";
import type { KnowledgeDeps } from "./documents";

let embedder: Embedder | undefined;
let storage: KnowledgeDeps["storage"] | undefined;

/** The process's embedder (KNOWLEDGE_EMBEDDINGS_*), made on first use. */
export function knowledgeEmbedder(): Embedder {
  return (embedder ??= embedderFromEnv());
}

/** What the routes use: the app's database, the product's storage, the configured embedder. */
export async function knowledgeDeps(): Promise<KnowledgeDeps> {
  return { db: await getDatabase(), storage: (storage ??= supabaseDocumentStorage()), embedder: knowledgeEmbedder() };
}
