// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { createClient } from "@supabase/supabase-js";
import OpenAI from "openai";
import { stubEmbeddedAppEnv } from "./embedded-app-env";

// Route handlers take their own params' type: the table calls each with what its path holds.
type Handler = (request: Request, context: { params: Promise<{ id: string[] }> }) => Promise<Response>;
type Route = { GET?: Handler; POST?: Handler };

/**
 * One embedded installation per test file for the `/v1` routes, driven by the official `openai`
 * client: the route handlers called in-process as `next start` routes them (dynamic segments
 * included), users in the embedded auth service, keys made by the dashboard's repository, answers
 * from the demo apps and the demo model provider through the site's AI proxy.
 */
export async function startDeveloperApi(name: string, env: Record<string, string> = {}) {
  const dataDir = stubEmbeddedAppEnv(name, { SESSION_CHECK_CACHE_MS: "0", DIFY_DEMO_PACE_MS: "0", ...env });
  const routes: [RegExp, Route][] = [
    [/^\/v1\/models$/, await import("@/app/v1/models/route")],
    [/^\/v1\/models\/(?<id>.+)$/, await import("@/app/v1/models/[...id]/route")],
    [/^\/v1\/chat\/completions$/, await import("@/app/v1/chat/completions/route")],
    [/^\/v1\/embeddings$/, await import("@/app/v1/embeddings/route")],
    [/^\/v1\/responses$/, await import("@/app/v1/responses/route")],
  ];
  const { getSupabaseConnection } = await import("@/lib/supabase/connection");
  const { aiUsageEvents, closeDatabase, getDatabase } = await import("@/lib/db");
  const { createApiKey } = await import("@/features/api-keys/server");
  const { getAiProxy } = await import("@/features/ai-call/server");
  const { eq } = await import("drizzle-orm");

  const routeFetch: typeof fetch = async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init);
    const path = new URL(request.url).pathname;
    for (const [pattern, route] of routes) {
      const match = pattern.exec(path);
      const handler = match && (request.method === "GET" ? route.GET : route.POST);
      if (!handler) continue;
      const params = { id: (match.groups?.id ?? "").split("/") };
      return callRouteHandler((req: Request) => handler(req, { params: Promise.resolve(params) }), request);
    }
    return new Response("not found", { status: 404 });
  };

  const connection = await getSupabaseConnection();
  const admin = createClient(connection.url, connection.serviceRoleKey, { global: { fetch: connection.fetch }, auth: { persistSession: false, autoRefreshToken: false } });
  const newUser = async () => {
    const { data, error } = await admin.auth.admin.createUser({ email: `${randomUUID()}@example.com`, password: "secret-password-1", email_confirm: true });
    if (error) throw error;
    return data.user.id;
  };
  const newKey = async (userId: string, input: Parameters<typeof createApiKey>[2] = { name: "测试" }) => createApiKey(await getDatabase(), userId, input);
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: "http://localhost:3000/v1", fetch: routeFetch, maxRetries: 0 });
  const usageRows = async (keyId: string) => {
    await getAiProxy().idle();
    return (await getDatabase()).select().from(aiUsageEvents).where(eq(aiUsageEvents.apiKeyId, keyId));
  };
  const stop = async () => {
    await getAiProxy().idle();
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { routeFetch, client, newUser, newKey, usageRows, stop };
}
