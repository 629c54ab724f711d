import { API_MESSAGES, openAiError } from "@/features/developer-api/server";

// Any other /v1 path (embeddings, images…): OpenAI's JSON 404 for SDKs, not the site's HTML page.
export const dynamic = "force-dynamic";

async function unknownUrl(request: Request): Promise<Response> {
  return openAiError(404, "unknown_url", API_MESSAGES.unknownUrl(request.method, new URL(request.url).pathname));
}

export const GET = unknownUrl;
export const POST = unknownUrl;
export const PUT = unknownUrl;
export const PATCH = unknownUrl;
export const DELETE = unknownUrl;
