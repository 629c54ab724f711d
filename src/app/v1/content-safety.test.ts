// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { createClient } from "@supabase/supabase-js";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";
import { openAiFailure } from "../../../test/openai-failure";

// Content safety on /v1 with the real routes, the process's AI proxy and the default word list (its
// harmless test entry), answers from the demo apps: a listed word in the question is OpenAI's 400
// `content_filter` with nothing billed; an answer that turns bad (the demo marker) ends with
// `finish_reason: "content_filter"`, its usage still counted.
const dataDir = stubEmbeddedAppEnv("content-safety-v1", { SESSION_CHECK_CACHE_MS: "0", DIFY_DEMO_PACE_MS: "0" });

const completionsRoute = await import("./chat/completions/route");
const { getSupabaseConnection } = await import("@/lib/supabase/connection");
const { aiUsageEvents, closeDatabase, getDatabase } = await import("@/lib/db");
const { moderationHits } = await import("@/lib/db/schema");
const { createApiKey } = await import("@/features/api-keys/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const { DEMO_BAD_ANSWER_MARKER, DEMO_UNSAFE_WORD } = await import("@/embedded/dify");
const { eq } = await import("drizzle-orm");

const routeFetch: typeof fetch = async (input, init) => callRouteHandler(completionsRoute.POST, new Request(input instanceof Request ? input : String(input), init));
let client: OpenAI;
let userId: string;
let keyId: string;

beforeAll(async () => {
  const connection = await getSupabaseConnection();
  const admin = createClient(connection.url, connection.serviceRoleKey, { global: { fetch: connection.fetch }, auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await admin.auth.admin.createUser({ email: `${randomUUID()}@example.com`, password: "secret-password-1", email_confirm: true });
  if (error) throw error;
  userId = data.user.id;
  const key = await createApiKey(await getDatabase(), userId, { name: "测试" });
  keyId = key.key.id;
  client = new OpenAI({ apiKey: key.secret, baseURL: "http://localhost:3000/v1", fetch: routeFetch, maxRetries: 0 });
});
afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const usageRows = async () => (await getDatabase()).select().from(aiUsageEvents).where(eq(aiUsageEvents.apiKeyId, keyId));

describe("content safety on /v1", () => {
  it("refuses a question with a listed word: 400 content_filter, nothing billed, the hit recorded", async () => {
    const failure = await openAiFailure(client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: `说说${DEMO_UNSAFE_WORD}` }] }));
    expect([failure.status, failure.code]).toEqual([400, "content_filter"]);
    expect(failure.message).toContain("不适宜");
    await getAiProxy().idle();
    expect(await usageRows()).toEqual([]);
    const hits = await (await getDatabase()).select().from(moderationHits).where(eq(moderationHits.userId, userId));
    expect(hits).toEqual([expect.objectContaining({ stage: "question", appid: "demo-model", label: DEMO_UNSAFE_WORD })]);
  });

  it("checks every turn a model app receives, not only the last user message", async () => {
    const failure = await openAiFailure(
      client.chat.completions.create({
        model: "demo-model",
        messages: [
          { role: "user", content: `先记住${DEMO_UNSAFE_WORD}` },
          { role: "assistant", content: "好的。" },
          { role: "user", content: "现在继续" },
        ],
      }),
    );
    expect([failure.status, failure.code]).toEqual([400, "content_filter"]);
  });

  it.each(["demo-model", "demo-chat"])("ends an answer of %s that turns bad with finish_reason content_filter, its usage counted", async (model) => {
    const before = (await usageRows()).length;
    const stream = await client.chat.completions.create({ model, messages: [{ role: "user", content: `${DEMO_BAD_ANSWER_MARKER}：请写一段话` }], stream: true });
    let content = "";
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta?.content ?? "";
      finish ??= chunk.choices[0]?.finish_reason;
    }
    expect(finish).toBe("content_filter");
    expect(content).toContain("已停止生成并隐藏");
    await getAiProxy().idle();
    const rows = await usageRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.completionTokens).toBeGreaterThan(0);
  });
});
