// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import type OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startDeveloperApi } from "../../../test/developer-api-testbed";
import { openAiFailure } from "../../../test/openai-failure";

// Issue 36 item 4: every /v1 call of a key is in its 调用日志 — answered, refused and failed ones —
// with its time, model, tokens, duration, status and request id (never the messages); filterable,
// exported as CSV, only ever the signed-in user's own, and swept after LOG_RETENTION_DAYS.
let signedIn = "";
vi.mock("@/features/auth/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/features/auth/server")>()),
  requireCurrentUserId: async () => signedIn,
}));

const api = await startDeveloperApi("api-call-logs", { API_KEY_RATE_LIMIT: "6/60" });
const { runInRequestContext } = await import("@/lib/net/request-context.mjs");
const serverModule = await import("./server");
const { listCallLogs } = serverModule;
const exportRoute = await import("@/app/api/keys/call-logs/export/route");
const { purgeExpiredLogs } = await import("@/features/log-retention/server");
const { apiCallLogs, getDatabase } = await import("@/lib/db");
const { eq } = await import("drizzle-orm");

let alice: string;
let bob: string;
let main: { id: string; secret: string; client: OpenAI };
let other: { id: string; secret: string; client: OpenAI };
const ids = { ok: `req-ok-${randomUUID()}`, stream: `req-stream-${randomUUID()}`, missing: `req-missing-${randomUUID()}`, bad: `req-bad-${randomUUID()}` };
const QUESTION = "请介绍一下思维火花的秘密口令";

const inRequest = <T>(requestId: string, work: () => Promise<T>) => runInRequestContext({ requestId }, work);
const logsOf = async (userId: string, filters: Parameters<typeof listCallLogs>[2] = {}) => {
  const { getAiProxy } = await import("@/features/ai-call/server");
  await getAiProxy().idle();
  return listCallLogs(await getDatabase(), userId, filters);
};
const exportCsv = (query: string) => callRouteHandler(exportRoute.GET as (request: Request) => Promise<Response>, new Request(`http://localhost:3000/api/keys/call-logs/export?${query}`));

beforeAll(async () => {
  alice = await api.newUser();
  bob = await api.newUser();
  const made = async (userId: string, name: string) => {
    const { key, secret } = await api.newKey(userId, { name });
    return { id: key.id, secret, client: api.client(secret) };
  };
  main = await made(alice, "脚本");
  other = await made(alice, "备用");
  // One answered call, one streamed, one for a model that does not exist, one with a bad body.
  await inRequest(ids.ok, () => main.client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: QUESTION }] }));
  await inRequest(ids.stream, async () => {
    const stream = await other.client.chat.completions.create({ model: "demo-model", messages: [{ role: "user", content: "你好" }], stream: true });
    for await (const chunk of stream) void chunk;
  });
  await inRequest(ids.missing, () => openAiFailure(main.client.chat.completions.create({ model: "no-such-model", messages: [{ role: "user", content: "你好" }] })));
  await inRequest(ids.bad, () => openAiFailure(main.client.chat.completions.create({ model: "demo-model", messages: "oops" as never })));
});

afterAll(() => api.stop());

describe("API call logs", () => {
  it("lists each call of a key with its model, tokens, duration, status and request id, refusals included", async () => {
    const logs = await logsOf(alice);
    expect(logs.map((entry) => entry.requestId).sort()).toEqual(Object.values(ids).sort());
    const [ok] = await logsOf(alice, { status: "ok", key: main.id });
    expect(ok).toMatchObject({ requestId: ids.ok, keyId: main.id, keyName: "脚本", endpoint: "POST /v1/chat/completions", model: "demo-model", appid: "demo-model", status: 200, errorCode: null });
    // Its tokens are the usage row's (the quota's figures), not a guess.
    const [usage] = (await api.usageRows(main.id)).filter((row) => row.requestId === ids.ok);
    expect(usage?.totalTokens).toBeGreaterThan(0);
    expect(ok).toMatchObject({ promptTokens: usage!.promptTokens, completionTokens: usage!.completionTokens, totalTokens: usage!.totalTokens });
    expect(ok!.durationMs).toBeGreaterThanOrEqual(0);
    const streamed = logs.find((entry) => entry.requestId === ids.stream);
    expect(streamed).toMatchObject({ keyId: other.id, status: 200, model: "demo-model" });
    expect(streamed!.totalTokens).toBeGreaterThan(0);
    expect(logs.find((entry) => entry.requestId === ids.missing)).toMatchObject({ status: 404, errorCode: "model_not_found", model: "no-such-model", appid: null, totalTokens: null });
    expect(logs.find((entry) => entry.requestId === ids.bad)).toMatchObject({ status: 400, errorCode: "invalid_request", totalTokens: null });
    // Never the messages.
    const [row] = await (await getDatabase()).select().from(apiCallLogs).where(eq(apiCallLogs.requestId, ids.ok));
    expect(JSON.stringify(row)).not.toContain(QUESTION);
  });

  it("logs a call refused by the key's rate limit (429)", async () => {
    const { key, secret } = await api.newKey(alice, { name: "限流" });
    const client = api.client(secret);
    for (let call = 0; call < 6; call += 1) await client.models.list();
    const refused = await openAiFailure(client.models.list());
    expect(refused.status).toBe(429);
    const logs = await logsOf(alice, { key: key.id });
    expect(logs.map((entry) => entry.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(logs.find((entry) => entry.status === 429)).toMatchObject({ endpoint: "GET /v1/models", errorCode: "rate_limit_exceeded" });
  });

  it("filters by key, app / model, status and date range", async () => {
    expect((await logsOf(alice, { key: other.id })).map((entry) => entry.requestId)).toEqual([ids.stream]);
    expect((await logsOf(alice, { model: "no-such" })).map((entry) => entry.requestId)).toEqual([ids.missing]);
    expect((await logsOf(alice, { status: "failed", key: main.id })).map((entry) => entry.status).sort()).toEqual([400, 404]);
    expect((await logsOf(alice, { status: "404" })).map((entry) => entry.requestId)).toEqual([ids.missing]);
    const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
    expect((await logsOf(alice, { from: today, to: today, key: main.id })).length).toBe(3);
    expect(await logsOf(alice, { from: tomorrow })).toEqual([]);
  });

  it("exports the signed-in user's logs as CSV with Chinese headers, filtered", async () => {
    signedIn = alice;
    const response = await exportCsv(`key=${main.id}&status=ok`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="api-call-logs-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("时间,API 密钥,接口,应用 / 模型,状态,错误代码,输入 Token,输出 Token,计费 Token,费用（元）,耗时（毫秒）,请求 ID");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(ids.ok);
    expect(lines[1]).toContain("脚本（");
    expect(lines[1]).toContain(",POST /v1/chat/completions,demo-model,200,,");
    expect((await exportCsv("status=nonsense")).status).toBe(400);
  });

  it("never shows another user's logs, even asked for by their key id", async () => {
    signedIn = bob;
    const lines = (await (await exportCsv(`key=${main.id}`)).text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines).toHaveLength(1);
    const all = (await (await exportCsv("")).text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(all).toHaveLength(1);
    expect(await logsOf(bob, { key: main.id })).toEqual([]);
  });

  it("is swept after the retention period", async () => {
    const db = await getDatabase();
    const old = new Date(Date.now() - 200 * 86_400_000);
    await db.insert(apiCallLogs).values({ userId: alice, apiKeyId: main.id, requestId: "req-old", endpoint: "POST /v1/chat/completions", status: 200, createdAt: old });
    expect((await logsOf(alice)).some((entry) => entry.requestId === "req-old")).toBe(true);
    const purged = await purgeExpiredLogs(db, 180);
    expect(purged.apiCalls).toBe(1);
    const left = await logsOf(alice);
    expect(left.some((entry) => entry.requestId === "req-old")).toBe(false);
    expect(left.some((entry) => entry.requestId === ids.ok)).toBe(true);
  });

  describe("a streamed answer that does not end well", () => {
    const { logApiCall, apiCallStreamFailureRecorder, noteApiCallKey } = serverModule;
    const sse = (pull: (controller: ReadableStreamDefaultController<Uint8Array>) => void) =>
      new Response(new ReadableStream<Uint8Array>({ pull }), { headers: { "content-type": "text/event-stream" } });
    const logged = async (requestId: string) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const [row] = await (await getDatabase()).select().from(apiCallLogs).where(eq(apiCallLogs.requestId, requestId));
        if (row) return row;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return undefined;
    };

    it("is logged with the failure's status and code when it breaks off after its 200", async () => {
      const requestId = `req-cut-${randomUUID()}`;
      const db = await getDatabase();
      const response = await inRequest(requestId, () =>
        logApiCall(new Request("http://localhost/v1/chat/completions", { method: "POST" }), db, "POST /v1/chat/completions", async () => {
          noteApiCallKey({ id: other.id, userId: alice });
          const noteFailure = apiCallStreamFailureRecorder();
          let sent = false;
          return sse((controller) => {
            if (!sent) return void ((sent = true), controller.enqueue(new TextEncoder().encode("data: {}\n\n")));
            noteFailure({ status: 502, code: "upstream_error" });
            controller.close();
          });
        }),
      );
      expect(response.status).toBe(200);
      await response.text();
      expect(await logged(requestId)).toMatchObject({ status: 502, errorCode: "upstream_error" });
    });

    it("is logged as 499 when the client goes away before it ends", async () => {
      const requestId = `req-gone-${randomUUID()}`;
      const client = new AbortController();
      const db = await getDatabase();
      const response = await inRequest(requestId, () =>
        logApiCall(new Request("http://localhost/v1/chat/completions", { method: "POST", signal: client.signal }), db, "POST /v1/chat/completions", async () => {
          noteApiCallKey({ id: other.id, userId: alice });
          return sse((controller) => controller.enqueue(new TextEncoder().encode(": ping\n\n")));
        }),
      );
      const reader = response.body!.getReader();
      await reader.read();
      client.abort();
      await reader.cancel();
      expect(await logged(requestId)).toMatchObject({ status: 499, errorCode: "client_closed_request" });
    });
  });
});
