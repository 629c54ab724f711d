import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTrustedProxies } from "@/lib/net/client-address.mjs";
import { createHardenedServer } from "@/lib/net/hardened-server.mjs";
import { startDeveloperApi } from "../../../test/developer-api-testbed";
import { openAiFailure } from "../../../test/openai-failure";

// Keys locked down, through the real /v1 routes with the official `openai` client: the IP allow-list
// (behind the production HTTP server, which decides the visitor: a client's own X-Forwarded-For is
// not believed without TRUSTED_PROXIES), the key's own requests per minute, the new-network notice
// and the expiry reminder, both read back from the dev outbox.
// The operator's per-key limit well above the plans' ceilings: what refuses here is the key's own.
const api = await startDeveloperApi("v1-key-lockdown", { API_KEY_RATE_LIMIT: "1000/60" });
const { apiKeys, getDatabase, outboxMessages } = await import("@/lib/db");
const { keyMailDeps, networkNoticesIdle, sendDueKeyExpiryReminders } = await import("@/features/api-keys/server");
const { eq, and } = await import("drizzle-orm");

const servers: Server[] = [];
/** The production HTTP server in front of the route handlers, with TRUSTED_PROXIES as given. */
async function hardenedBaseUrl(trustedProxies: string): Promise<string> {
  const server = createHardenedServer({
    trust: parseTrustedProxies(trustedProxies),
    handler: async (req, res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const response = await api.routeFetch(`http://localhost:3000${req.url}`, { method: req.method, headers, body });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** A call as the production server hands it on: X-Forwarded-For is the visitor it decided. */
const callFrom = (secret: string, address: string) => api.routeFetch("http://localhost:3000/v1/models", { headers: { Authorization: `Bearer ${secret}`, "X-Forwarded-For": address } });
const mailsTo = async (kind: string, to: string) => (await getDatabase()).select().from(outboxMessages).where(and(eq(outboxMessages.kind, kind), eq(outboxMessages.recipient, to)));

let userId: string;
let email: string;
beforeAll(async () => {
  userId = await api.newUser();
  email = (await keyMailDeps(await getDatabase()).emailOf(userId))!;
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await api.stop();
});

describe("IP allow-list", () => {
  it("admits listed addresses and networks (IPv4 and IPv6), refuses others with 403 permission_denied", async () => {
    const { secret } = await api.newKey(userId, { name: "白名单", allowedIps: ["203.0.113.7", "10.0.0.0/8", "2001:db8::/32"] });
    for (const address of ["203.0.113.7", "10.20.30.40", "2001:db8:1::5"]) expect((await callFrom(secret, address)).status).toBe(200);
    for (const address of ["203.0.113.8", "192.0.2.1", "2001:db9::1"]) {
      const refused = await callFrom(secret, address);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { code: "permission_denied", type: "permission_error", message: expect.stringContaining(`（${address}）`) }, statusCode: 403 });
    }
    // With the official client: the typed PermissionDeniedError.
    const failure = await openAiFailure(new OpenAI({ apiKey: secret, baseURL: "http://localhost:3000/v1", fetch: (input, init) => api.routeFetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), "X-Forwarded-For": "198.51.100.1" } }), maxRetries: 0 }).models.list());
    expect(failure).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it("ignores a client's own X-Forwarded-For without TRUSTED_PROXIES; believes it from a trusted proxy", async () => {
    const { secret } = await api.newKey(userId, { name: "伪造", allowedIps: ["203.0.113.7"] });
    const spoofing = new OpenAI({ apiKey: secret, baseURL: await hardenedBaseUrl(""), maxRetries: 0, defaultHeaders: { "X-Forwarded-For": "203.0.113.7" } });
    const refused = await openAiFailure(spoofing.models.list());
    expect([refused.status, refused.code]).toEqual([403, "permission_denied"]);
    expect(refused.message).toContain("127.0.0.1");
    // The same header from a proxy the operator trusts (here: loopback) names the visitor.
    const proxied = new OpenAI({ apiKey: secret, baseURL: await hardenedBaseUrl("loopback"), maxRetries: 0, defaultHeaders: { "X-Forwarded-For": "203.0.113.7" } });
    expect((await proxied.models.list()).data.length).toBeGreaterThan(0);
  });
});

describe("requests per minute", () => {
  it("answers the (n+1)th call of a minute 429 rate_limit_exceeded with Retry-After", async () => {
    const { secret } = await api.newKey(userId, { name: "限速", requestsPerMinute: 3 });
    for (let call = 0; call < 3; call += 1) expect((await callFrom(secret, "192.0.2.10")).status).toBe(200);
    const refused = await callFrom(secret, "192.0.2.10");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limit_exceeded", message: "这个 API 密钥每分钟最多 3 次请求，请稍后再试" } });
    // Another key of the same user has its own minute.
    expect((await callFrom((await api.newKey(userId)).secret, "192.0.2.10")).status).toBe(200);
  });

  it("never lets a key above its plan's ceiling (the free plan's 60), even one stored higher", async () => {
    const { key, secret } = await api.newKey(userId, { name: "超限" });
    await (await getDatabase()).update(apiKeys).set({ requestsPerMinute: 1000 }).where(eq(apiKeys.id, key.id));
    const answers = [];
    for (let call = 0; call < 61; call += 1) answers.push((await callFrom(secret, "192.0.2.11")).status);
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    const refused = await callFrom(secret, "192.0.2.11");
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limit_exceeded", message: "这个 API 密钥每分钟最多 60 次请求，请稍后再试" } });
  });
});

describe("new-network notice", () => {
  it("mails once per new /24 or /48 network a key is used from, not for known ones", async () => {
    const { key, secret } = await api.newKey(userId, { name: "网络" });
    await Promise.all([callFrom(secret, "198.51.100.1"), callFrom(secret, "198.51.100.2")]);
    await networkNoticesIdle();
    for (const address of ["198.51.100.3", "198.51.100.200"]) expect((await callFrom(secret, address)).status).toBe(200);
    await networkNoticesIdle();
    let mails = (await mailsTo("api_key_new_network", email)).filter((mail) => mail.text?.includes(key.prefix));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("198.51.100.0/24");
    expect(mails[0]!.subject).toBe("【思维火花】API 密钥「网络」在新的网络中被使用");

    for (const address of ["198.51.101.1", "2001:db8:aaaa:1::1", "2001:db8:aaaa:2::1", "198.51.100.9"]) await callFrom(secret, address);
    await networkNoticesIdle();
    mails = (await mailsTo("api_key_new_network", email)).filter((mail) => mail.text?.includes(key.prefix));
    expect(mails.map((mail) => /网络 (\S+) 调用/.exec(mail.text ?? "")?.[1]).sort()).toEqual(["198.51.100.0/24", "198.51.101.0/24", "2001:db8:aaaa::/48"]);
    const [row] = await (await getDatabase()).select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.seenNetworks).toEqual(["198.51.100.0/24", "198.51.101.0/24", "2001:db8:aaaa::/48"]);
  });
});

describe("expiry reminder", () => {
  it("mails a key expiring within 7 days once, even with two jobs at once; not a later or revoked one", async () => {
    const db = await getDatabase();
    const now = new Date();
    const soon = await api.newKey(userId, { name: "快过期", expiresAt: new Date(now.getTime() + 3 * 86_400_000).toISOString() });
    await api.newKey(userId, { name: "还早", expiresAt: new Date(now.getTime() + 10 * 86_400_000).toISOString() });
    const revoked = await api.newKey(userId, { name: "已撤销", expiresAt: new Date(now.getTime() + 86_400_000).toISOString() });
    await db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, revoked.key.id));

    const deps = keyMailDeps(db);
    await Promise.all([sendDueKeyExpiryReminders(db, deps, now), sendDueKeyExpiryReminders(db, deps, now)]);
    await sendDueKeyExpiryReminders(db, deps, new Date(now.getTime() + 3_600_000));
    const mails = await mailsTo("api_key_expiry", email);
    expect(mails.map((mail) => mail.subject)).toEqual(["【思维火花】API 密钥「快过期」即将过期"]);
    expect(mails[0]!.text).toContain(soon.key.prefix);
  });
});
