import { getAiProxy } from "@/lib/ai-proxy";
import { createChatCompletion } from "@/features/developer-api/server";
import { getDatabase } from "@/lib/db";

// The developer API (src/features/developer-api): authenticated by an API key, never by cookies.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function POST(request: Request): Promise<Response> {
  return createChatCompletion(request, { db: await getDatabase(), proxy: getAiProxy() });
}
