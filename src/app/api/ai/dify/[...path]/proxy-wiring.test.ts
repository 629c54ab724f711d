import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../../test/embedded-app-env";

// The process's AI proxy is built once, with the quota check: whoever reaches it first (here the
// console's 连接测试, before any chat after a restart) cannot build one without it.
const dataDir = stubEmbeddedAppEnv("proxy-wiring", { DIFY_API_URL: "", AI_APPS_CONFIG: "", DIFY_DEMO_PACE_MS: "20" });
let currentUser = "";
vi.mock("@/features/auth/server", () => ({
  MFA_REQUIRED_MESSAGE: "请先完成两步验证",
  resolveSignedInUser: async () => ({ state: "ok", userId: currentUser }),
}));

const { appsRoutes } = await import("@/features/admin/apps/server/apps-routes");
const route = await import("./route");
const { closeDatabase } = await import("@/lib/db");
const { getAiProxy } = await import("@/features/ai-call/server");

afterAll(async () => {
  await getAiProxy().idle();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

function chat(user: string): Promise<Response> {
  currentUser = user;
  const request = new Request("http://localhost:3000/api/ai/dify/chat-messages?appid=demo-chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "streaming" }),
  });
  return route.POST(request, { params: Promise.resolve({ path: ["chat-messages"] }) });
}

describe("the AI proxy after a restart", () => {
  it("keeps the plan's limits when the console's 连接测试 is the first use of the proxy", async () => {
    const connectionTest = appsRoutes.find((entry) => entry.pattern.test("apps/connection-test"))!;
    const request = new Request("http://localhost:3000/api/admin/apps/connection-test", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: "demo-chat" }),
    });
    const tested = await connectionTest.handle(request, [], { userId: randomUUID() } as Parameters<typeof connectionTest.handle>[2]);
    expect(await tested.json()).toMatchObject({ ok: true });

    // The free plan runs 2 calls at once: the other 18 are refused, not forwarded unchecked.
    const user = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => chat(user)));
    await Promise.all(responses.map((response) => response.text()));
    await getAiProxy().idle();
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
  });
});
