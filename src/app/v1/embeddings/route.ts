import { getAiProxy } from "@/features/ai-call/server";
import { createEmbeddings, methodNotAllowed } from "@/features/developer-api/server";
import { logApiCall } from "@/features/api-call-logs/server";
import { getDatabase } from "@/lib/db";

// The developer API (src/features/developer-api): authenticated by an API key, never by cookies.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  const db = await getDatabase();
  return logApiCall(request, db, "POST /v1/embeddings", () => createEmbeddings(request, { db, proxy: getAiProxy() }));
}

// Any other method: OpenAI's JSON 405 (Next.js would answer an empty one).
const onlyPost = async (request: Request): Promise<Response> => methodNotAllowed(request, "POST");
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
