import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHarness, type AuthHarness } from "@/embedded/auth/test-harness";
import { sessionVerdict } from "@/embedded/auth";
import { createDifyProxy, type DifyProxy } from "@/features/ai-apps/server/proxy/handler";
import { serveProxy } from "@/features/ai-apps/server/proxy/testing";
import { seedAppRegistry } from "@/features/ai-apps/server/registry";
import { answerAppProxyCall } from "@/features/ai-call/server/app-proxy-call";
import { adminAuditLog } from "@/lib/db/schema";
import { banEndText, SAFETY_COPY } from "../copy";
import { DEFAULT_WORDS } from "../providers/words/default-words";
import { createWordsProvider } from "../providers/words/provider";
import { WordListCache } from "../providers/words/store";
import { createAuthBanner } from "./auth-banner";
import type { BanPolicy } from "./ban-policy";
import { createProxyModeration } from "./proxy-moderation";
import { banOnRepeatedHits } from "./repeat-hit-ban";

const WORD = DEFAULT_WORDS[0]!;

// The real pieces: the embedded auth (GoTrue's admin API through supabase-js) and the AI proxy on
// one database; the question never reaches an upstream (it is refused before), so the app's URL is unused.
let h: AuthHarness;
let proxy: DifyProxy;
let server: Awaited<ReturnType<typeof serveProxy>>;
let policy: BanPolicy = { hits: 0, windowMinutes: 60, banMinutes: 30 };

beforeAll(async () => {
  h = await createAuthHarness("pglite");
  const db = h.handle.db;
  await seedAppRegistry(db, [{ appid: "ban-chat", kind: "chat", name: "对话", description: "", icon: "🧪", upstreamBaseUrl: "http://127.0.0.1:9/v1", upstreamSecretKey: "key", enabled: true }]);
  const words = new WordListCache(async () => db, undefined);
  const ban = createAuthBanner(async () => h.admin());
  const moderation = createProxyModeration({
    database: async () => db,
    provider: createWordsProvider(() => words.matcher()),
    timeoutMs: 2000,
    fail: "open",
    afterHit: (userId) => banOnRepeatedHits({ database: async () => db, policy: async () => policy, ban }, userId),
  });
  proxy = createDifyProxy({ database: async () => db, moderation });
  server = await serveProxy(proxy);
}, 120_000);
afterAll(async () => {
  await server.close();
  await proxy.idle();
  await h.close();
});

async function newUser(email: string) {
  const { data } = await h.admin().auth.admin.createUser({ email, password: "secret123", email_confirm: true });
  const { data: signedIn } = await h.client().auth.signInWithPassword({ email, password: "secret123" });
  return { id: data.user!.id, claims: await h.service.verifyAccessToken(signedIn.session!.access_token) };
}

const askBad = async (user: string) => {
  const response = await fetch(`${server.baseUrl}/chat-messages?appid=ban-chat`, {
    method: "POST",
    headers: { "x-test-user": user, "Content-Type": "application/json" },
    body: JSON.stringify({ query: `说说${WORD}`, inputs: {}, response_mode: "streaming" }),
  });
  return { status: response.status, body: (await response.json()) as { message: string; code?: string } };
};
const bansOf = (user: string) => h.handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user));

describe("a ban on repeated content-safety hits", () => {
  it("is off by default: hits are refused and recorded, nobody is banned", async () => {
    policy = { hits: 0, windowMinutes: 60, banMinutes: 30 };
    const user = await newUser("calm@example.com");
    for (let round = 0; round < 3; round += 1) expect((await askBad(user.id)).body.message).toBe(SAFETY_COPY.questionRefused);
    expect((await h.admin().auth.admin.getUserById(user.id)).data.user?.banned_until ?? null).toBeNull();
    expect(await bansOf(user.id)).toEqual([]);
  });

  it("bans the user through the auth service at the configured count, records it in the audit log, and refuses the next AI call in Chinese", async () => {
    policy = { hits: 2, windowMinutes: 60, banMinutes: 30 };
    const user = await newUser("repeat@example.com");
    expect(await askBad(user.id)).toEqual({ status: 400, body: expect.objectContaining({ message: SAFETY_COPY.questionRefused }) });
    const second = await askBad(user.id);
    expect(second.status).toBe(400);
    expect(second.body.message).toMatch(/已被暂停使用至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    const { data } = await h.admin().auth.admin.getUserById(user.id);
    const until = Date.parse(data.user!.banned_until!);
    expect(until).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(until).toBeLessThan(Date.now() + 31 * 60_000);
    expect(second.body.message).toBe(SAFETY_COPY.bannedForHits(banEndText(data.user!.banned_until!)));
    expect(await bansOf(user.id)).toEqual([
      expect.objectContaining({ action: "user.ban.content_safety", actorId: "00000000-0000-0000-0000-000000000000", after: expect.objectContaining({ hits: 2, banMinutes: 30 }) }),
    ]);

    // The next call: the session no longer counts, and the AI route says why.
    const verdict = sessionVerdict(user.claims, await h.service.sessionLiveness(user.claims));
    expect(verdict).toMatchObject({ state: "signed_out", bannedUntil: expect.any(Date) });
    const refused = await answerAppProxyCall(new Request("http://app.test/api/ai/dify/chat-messages?appid=ban-chat", { method: "POST" }), ["chat-messages"], verdict);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ statusCode: 403, code: "user_banned", message: SAFETY_COPY.banned(banEndText(data.user!.banned_until!)) });

    // More hits while banned (a stream's last windows) neither extend the ban nor log it again.
    await askBad(user.id);
    expect((await h.admin().auth.admin.getUserById(user.id)).data.user!.banned_until).toBe(data.user!.banned_until);
    expect(await bansOf(user.id)).toHaveLength(1);
  });

  it("counts only the hits within the window", async () => {
    policy = { hits: 2, windowMinutes: 60, banMinutes: 30 };
    const user = await newUser("old@example.com");
    await askBad(user.id);
    // Two hours on, the first hit has left the window: one hit is not enough.
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await banOnRepeatedHits({ database: async () => h.handle.db, policy: async () => policy, ban: createAuthBanner(async () => h.admin()) }, user.id, later)).toBeUndefined();
    expect((await h.admin().auth.admin.getUserById(user.id)).data.user?.banned_until ?? null).toBeNull();
  });
});
