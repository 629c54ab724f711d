import { listModels, methodNotAllowed } from "@/features/developer-api/server";
import { logApiCall } from "@/features/api-call-logs/server";
import { getDatabase } from "@/lib/db";

// The developer API (src/features/developer-api): authenticated by an API key, never by cookies.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const db = await getDatabase();
  return logApiCall(request, db, "GET /v1/models", () => listModels(request, db));
}

// Any other method: OpenAI's JSON 405 (Next.js would answer an empty one).
const onlyGet = async (request: Request): Promise<Response> => methodNotAllowed(request, "GET");
export const POST = onlyGet;
export const PUT = onlyGet;
export const PATCH = onlyGet;
export const DELETE = onlyGet;
