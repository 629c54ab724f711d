import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The real /api/keys routes on a throwaway embedded database; only "who is signed in" is stubbed.
const dataDir = mkdtempSync(path.join(tmpdir(), "spark-keys-route-"));
vi.stubEnv("DATA_DIR", dataDir);
vi.stubEnv("DATABASE_URL", "");
const alice = randomUUID();
const bob = randomUUID();
let signedIn = alice;
let signedInMetadata: Record<string, unknown> = {};
vi.mock("@/features/auth/server", () => ({
  requireCurrentUserId: async () => signedIn,
  getCurrentUser: async () => ({ id: signedIn, app_metadata: signedInMetadata }),
}));

const keys = await import("./route");
const key = await import("./[id]/route");
const { findLiveApiKey } = await import("@/features/api-keys/server");
const { aiUsageEvents, apiKeys, closeDatabase, getDatabase } = await import("@/lib/db");
const { eq } = await import("drizzle-orm");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const create = (body: unknown) =>
  callRouteHandler(keys.POST, new Request("http://localhost:3000/api/keys", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
const list = async () => (await (await callRouteHandler(keys.GET as (request: Request) => Promise<Response>, new Request("http://localhost:3000/api/keys"))).json()) as { keys: Record<string, unknown>[] };
const revoke = (id: string) =>
  callRouteHandler((request: Request) => key.DELETE(request, { params: Promise.resolve({ id }) }), new Request(`http://localhost:3000/api/keys/${id}`, { method: "DELETE" }));

const patch = (id: string, body: unknown) =>
  callRouteHandler(
    (request: Request) => key.PATCH(request, { params: Promise.resolve({ id }) }),
    new Request(`http://localhost:3000/api/keys/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );

describe("/api/keys", () => {
  beforeAll(async () => {
    signedIn = alice;
    expect((await list()).keys).toEqual([]);
  });

  it("shows the secret once, stores only its hash, and lists keys without it", async () => {
    const response = await create({ name: "脚本", monthlyTokenCap: 5000, allowedApps: ["demo-chat", "demo-model"] });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { key: created, secret } = (await response.json()) as { key: { id: string; prefix: string }; secret: string };
    expect(secret).toMatch(/^sk-[A-Za-z0-9_-]{40}$/);
    expect(created.prefix).toBe(`${secret.slice(0, 7)}…${secret.slice(-4)}`);
    const listed = await list();
    expect(listed.keys).toMatchObject([{ id: created.id, name: "脚本", monthlyTokenCap: 5000, allowedApps: ["demo-chat", "demo-model"], monthTokens: 0 }]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    const [row] = await (await getDatabase()).select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await findLiveApiKey(await getDatabase(), secret))?.id).toBe(created.id);
  });

  it("counts this month's tokens of each key", async () => {
    const [first] = (await list()).keys as { id: string }[];
    await (await getDatabase()).insert(aiUsageEvents).values({ appid: "demo-chat", userId: alice, kind: "chat", messageId: randomUUID(), totalTokens: 321, apiKeyId: first!.id });
    expect((await list()).keys[0]).toMatchObject({ id: first!.id, monthTokens: 321 });
  });

  it("gives the demo account's keys (its password is public) at most a day to live", async () => {
    signedIn = randomUUID();
    signedInMetadata = { demo: true };
    try {
      const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
      for (const body of [{ name: "永久" }, { name: "一年", expiresAt: inAYear }]) {
        const response = await create(body);
        expect(response.status).toBe(201);
        const { key: created } = (await response.json()) as { key: { expiresAt: string | null } };
        expect(new Date(created.expiresAt!).getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
      }
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const { key: soon } = (await (await create({ name: "一小时", expiresAt: inAnHour })).json()) as { key: { expiresAt: string } };
      expect(new Date(soon.expiresAt).getTime()).toBe(new Date(inAnHour).getTime());
      // Anyone else keeps a key without an end.
      signedInMetadata = {};
      const { key: plain } = (await (await create({ name: "普通" })).json()) as { key: { expiresAt: string | null } };
      expect(plain.expiresAt).toBeNull();
    } finally {
      signedIn = alice;
      signedInMetadata = {};
    }
  });

  it("refuses bad input with a Chinese message", async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: "" }, /请输入密钥名称/],
      [{ name: "x".repeat(51) }, /最多 50 个字符/],
      [{ name: "k", monthlyTokenCap: -1 }, /必须大于 0/],
      [{ name: "k", expiresAt: "2020-01-01T00:00:00Z" }, /必须晚于现在/],
      [{ name: "k", expiresAt: "明天" }, /格式不正确/],
      [{ name: "k", allowedApps: ["no-such-app"] }, /「no-such-app」不存在/],
      [{ name: "k", allowedApps: ["../x"] }, /格式不正确/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect((await response.json()) as { message: string }).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    }
  });

  it("never shows or revokes another user's key; a revoked or expired key no longer works", async () => {
    const [mine] = (await list()).keys as { id: string }[];
    signedIn = bob;
    expect((await list()).keys).toEqual([]);
    expect((await revoke(mine!.id)).status).toBe(404);
    expect((await revoke("not-a-uuid")).status).toBe(404);
    signedIn = alice;
    const { secret, key: created } = (await (await create({ name: "临时" })).json()) as { secret: string; key: { id: string } };
    expect((await revoke(created.id)).status).toBe(204);
    expect((await revoke(created.id)).status).toBe(404);
    expect(await findLiveApiKey(await getDatabase(), secret)).toBeUndefined();
    expect((await list()).keys.map((item) => item.id)).not.toContain(created.id);

    const soon = new Date(Date.now() + 60_000).toISOString();
    const expiring = (await (await create({ name: "过期", expiresAt: soon })).json()) as { secret: string };
    expect(await findLiveApiKey(await getDatabase(), expiring.secret)).toBeDefined();
    expect(await findLiveApiKey(await getDatabase(), expiring.secret, new Date(Date.now() + 120_000))).toBeUndefined();
    expect(await findLiveApiKey(await getDatabase(), "sk-guess")).toBeUndefined();
  });

  it("keeps an IP allow-list and a per-minute limit up to the plan's ceiling, on create and edit", async () => {
    signedIn = randomUUID();
    const created = await create({ name: "锁定", allowedIps: [" 203.0.113.7 ", "10.0.0.0/8", "2001:DB8::/32", "10.0.0.0/8"], requestsPerMinute: 30 });
    expect(created.status).toBe(201);
    const { key: locked } = (await created.json()) as { key: { id: string } };
    const listed = (await (await callRouteHandler(keys.GET as (request: Request) => Promise<Response>, new Request("http://localhost:3000/api/keys"))).json()) as { keys: unknown[]; requestsPerMinuteCeiling: number };
    expect(listed.requestsPerMinuteCeiling).toBe(60);
    expect(listed.keys[0]).toMatchObject({ allowedIps: ["203.0.113.7/32", "10.0.0.0/8", "2001:db8::/32"], requestsPerMinute: 30 });

    const overCeiling = await create({ name: "太快", requestsPerMinute: 61 });
    expect(overCeiling.status).toBe(400);
    expect(((await overCeiling.json()) as { message: string }).message).toBe("每分钟请求数不能超过免费版的上限 60 次");

    const edited = await patch(locked.id, { allowedIps: null, requestsPerMinute: 60 });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { key: unknown }).key).toMatchObject({ id: locked.id, allowedIps: null, requestsPerMinute: 60 });
    expect((await patch(locked.id, { requestsPerMinute: 61 })).status).toBe(400);
    expect((await patch(locked.id, { allowedIps: ["10.0.0.0/8"] })).status).toBe(200);
    const [row] = await (await getDatabase()).select().from(apiKeys).where(eq(apiKeys.id, locked.id));
    expect([row!.allowedIps, row!.requestsPerMinute]).toEqual([["10.0.0.0/8"], 60]);
    // Another user's key is not theirs to edit.
    signedIn = bob;
    expect((await patch(locked.id, { requestsPerMinute: 1 })).status).toBe(404);
    signedIn = alice;
  });

  it("refuses a malformed allow-list or per-minute limit in Chinese", async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: "k", allowedIps: ["example.com"] }, /「example.com」不是有效的 IP 地址或网段/],
      [{ name: "k", allowedIps: ["10.0.0.0/33"] }, /不是有效的 IP 地址或网段/],
      [{ name: "k", allowedIps: ["2001:db8::/129"] }, /不是有效的 IP 地址或网段/],
      [{ name: "k", allowedIps: [] }, /至少要有一项/],
      [{ name: "k", allowedIps: Array.from({ length: 21 }, (_, index) => `192.0.2.${index}`) }, /最多 20 项/],
      [{ name: "k", requestsPerMinute: 0 }, /必须大于 0/],
      [{ name: "k", requestsPerMinute: 1.5 }, /必须是整数/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect((await response.json()) as { message: string }).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    }
  });

  it("holds at most 20 live keys per user", async () => {
    signedIn = randomUUID();
    for (let index = 0; index < 20; index += 1) expect((await create({ name: `k${index}` })).status).toBe(201);
    const over = await create({ name: "第 21 个" });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toContain("最多可以同时持有 20 个");
  });
});
