import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../../test/embedded-app-env";

// The real Dify proxy route against the embedded demo chat app, on a throwaway embedded database.
// Only "who is signed in" is stubbed. The free plan's quota is small, so one user sits at its edge;
// a call reserves 2 500 tokens, about the demo's longest answer (asked for 2000 字).
const FREE_QUOTA = 12_000;
const RESERVED_PER_CALL = 2_500;
const LONG_QUESTION = "写一段 2000 字关于春天的短文";
const dataDir = stubEmbeddedAppEnv("quota-race", {
  DIFY_API_URL: "",
  AI_APPS_CONFIG: "",
  DIFY_DEMO_PACE_MS: "20",
  FREE_PLAN_MONTHLY_TOKENS: String(FREE_QUOTA),
  AI_CALL_RESERVATION_TOKENS: String(RESERVED_PER_CALL),
});
let currentUser = "";
vi.mock("@/features/auth/server", () => ({
  MFA_REQUIRED_MESSAGE: "请先完成两步验证",
  resolveSignedInUser: async () => ({ state: "ok", userId: currentUser }),
}));

const route = await import("./route");
const { aiQuotaReservations, aiUsageEvents, closeDatabase, getDatabase } = await import("@/lib/db");
const { seedAppRegistry } = await import("@/features/ai-apps/server");
const { demoRegistryApps } = await import("@/features/ai-apps/server/config");
const { tokensUsedThisMonth } = await import("@/features/billing/server");
const { aiCallsInFlight } = await import("@/features/metering/server");
const { getAiProxy } = await import("@/features/ai-call/server");
const { eq } = await import("drizzle-orm");

afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

function chat(user: string, init: { signal?: AbortSignal; query?: string } = {}): Promise<Response> {
  currentUser = user;
  const request = new Request("http://localhost:3000/api/ai/dify/chat-messages?appid=demo-chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: init.query ?? "写一段关于春天的短文", inputs: {}, response_mode: "streaming" }),
    signal: init.signal,
  });
  return route.POST(request, { params: Promise.resolve({ path: ["chat-messages"] }) });
}

const used = async (user: string) => tokensUsedThisMonth(await getDatabase(), user, new Date());

describe("the AI proxy route holds the quota under parallel calls", () => {
  let answerTokens = 0;

  beforeAll(async () => {
    const db = await getDatabase();
    await seedAppRegistry(db, demoRegistryApps());
    // The size of one long demo answer, measured (the demo apps answer the same question alike): the
    // reservation covers it, as AI_CALL_RESERVATION_TOKENS should cover an installation's answers.
    const probe = randomUUID();
    await (await chat(probe, { query: LONG_QUESTION })).text();
    await getAiProxy().idle();
    answerTokens = await used(probe);
    expect(answerTokens).toBeGreaterThan(1_500);
    expect(answerTokens).toBeLessThanOrEqual(RESERVED_PER_CALL);
  });

  it("20 streaming chats at once: the free plan's 2 run, 18 get 429 with a Chinese message", async () => {
    const user = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => chat(user)));
    const statuses = responses.map((response) => response.status);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    await getAiProxy().idle();
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
    expect(JSON.parse(bodies[statuses.indexOf(429)]!)).toEqual({ statusCode: 429, message: "同时进行的 AI 请求过多，请等当前回答完成后再试" });
    expect(await aiCallsInFlight(await getDatabase(), user)).toBe(0);
  });

  it("20 long chats fired at once at 81 % of the quota: the month ends at most 5 % over it, the rest refused with 402", async () => {
    const db = await getDatabase();
    const user = randomUUID();
    const start = Math.floor(FREE_QUOTA * 0.81);
    await db.insert(aiUsageEvents).values({ appid: "demo-chat", userId: user, kind: "chat", messageId: randomUUID(), totalTokens: start });

    const responses = await Promise.all(Array.from({ length: 20 }, () => chat(user, { query: LONG_QUESTION })));
    const statuses = responses.map((response) => response.status);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    await getAiProxy().idle();

    // The stated bound (docs/architecture/metering.md): at most 5 % past the quota while answers stay within
    // their reservation.
    expect(await used(user)).toBeLessThanOrEqual(FREE_QUOTA * 1.05);
    const admitted = statuses.filter((status) => status === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((status) => status === 402 || status === 429)).toHaveLength(20 - admitted);
    expect(statuses).toContain(402);
    expect(JSON.parse(bodies[statuses.indexOf(402)]!)).toEqual({ statusCode: 402, message: "本月额度已用完，请升级套餐" });
    expect(await aiCallsInFlight(db, user)).toBe(0);

    // One call after another until the quota is reached: then 402, the total still within the bound.
    let status = 200;
    for (let call = 0; call < 20 && status === 200; call++) {
      const response = await chat(user, { query: LONG_QUESTION });
      status = response.status;
      await response.text();
      await getAiProxy().idle();
    }
    expect(status).toBe(402);
    expect(await used(user)).toBeLessThanOrEqual(FREE_QUOTA * 1.05);
  });

  it("releases the reservation of a stream the browser aborted", async () => {
    const db = await getDatabase();
    const user = randomUUID();
    const controller = new AbortController();
    const response = await chat(user, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    expect(await aiCallsInFlight(db, user)).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await getAiProxy().idle();
    expect(await aiCallsInFlight(db, user)).toBe(0);
    expect(await db.select().from(aiQuotaReservations).where(eq(aiQuotaReservations.userId, user))).toEqual([]);
  });
});
