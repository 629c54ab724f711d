// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// The console's 内容安全 section: only operators; the word list (seeded with the test entry, added to,
// imported with unreadable lines refused, deleted) takes effect at once; hits filtered and exported.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("admin-safety", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { closeDatabase, getDatabase } = await import("@/lib/db");
const { getWordList, loadBanPolicy, recordHit } = await import("@/features/content-safety/server");
const { DEMO_UNSAFE_WORD } = await import("@/embedded/dify");
const adminRoute = await import("./route");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newUser, newAdmin, signIn, cookieHeader, headersFor, api } = await startAdminTestKit();

let admin: { cookie: string };
beforeAll(async () => {
  admin = await newAdmin();
});
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

type Words = { words: { id: string; entry: string }[] };

describe("console 内容安全", () => {
  it("is not there for a signed-in user who is not an operator", async () => {
    const person = await newUser();
    const cookie = await cookieHeader((await signIn(person.email)).session);
    expect((await api(cookie, "GET", "safety/words")).status).toBe(404);
    expect((await api(cookie, "POST", "safety/words", { lines: ["x"] }, adminRoute.POST)).status).toBe(404);
  });

  it("lists the seeded test entry, adds and imports entries (refusing unreadable ones) and deletes them, in effect at once", async () => {
    const listed = (await api(admin.cookie, "GET", "safety/words")).body as Words;
    expect(listed.words.map((word) => word.entry)).toContain(DEMO_UNSAFE_WORD);

    const added = await api(admin.cookie, "POST", "safety/words", { lines: ["后台新词", "/坏+事/", "/([/", DEMO_UNSAFE_WORD] }, adminRoute.POST);
    expect(added).toEqual({ status: 200, body: { added: 2, existing: 1, errors: [{ line: "/([/", error: expect.stringContaining("正则") }] } });
    expect((await getWordList().matcher()).check("这是后台新词")).toMatchObject({ flagged: true, label: "后台新词" });
    expect((await getWordList().matcher()).check("坏坏事")).toMatchObject({ flagged: true, label: "/坏+事/" });

    const word = ((await api(admin.cookie, "GET", "safety/words")).body as Words).words.find((entry) => entry.entry === "后台新词")!;
    expect((await api(admin.cookie, "DELETE", `safety/words/${word.id}`, undefined, adminRoute.DELETE)).status).toBe(200);
    expect((await getWordList().matcher()).check("这是后台新词")).toEqual({ flagged: false });
    expect((await api(admin.cookie, "DELETE", `safety/words/${word.id}`, undefined, adminRoute.DELETE)).status).toBe(404);
  });

  it("lists hits filtered by user and app, and exports them as CSV", async () => {
    const [one, two] = [randomUUID(), randomUUID()];
    const db = await getDatabase();
    await recordHit(db, { userId: one, appid: "demo-chat", stage: "question", provider: "words", label: DEMO_UNSAFE_WORD, excerpt: `问：${DEMO_UNSAFE_WORD}` });
    await recordHit(db, { userId: two, appid: "demo-model", stage: "answer", provider: "words", label: DEMO_UNSAFE_WORD, excerpt: "=cmd|答" });
    const hits = (await api(admin.cookie, "GET", `safety/hits?user=${one}`)).body as { hits: { userId: string; appid: string }[] };
    expect(hits.hits).toEqual([expect.objectContaining({ userId: one, appid: "demo-chat" })]);
    expect(((await api(admin.cookie, "GET", "safety/hits?app=demo-model")).body as { hits: unknown[] }).hits).toHaveLength(1);

    const url = `${SITE}/api/admin/safety/hits.csv?user=${two}`;
    const request = new NextRequest(url, { headers: await headersFor(url, admin.cookie) });
    const response = await callRouteHandler((r) => adminRoute.GET(r, { params: Promise.resolve({ path: ["safety", "hits.csv"] }) }), request);
    expect(response.headers.get("content-type")).toContain("text/csv");
    // Decoded keeping the BOM (Excel needs it to read the Chinese).
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.split("\r\n")[0]).toBe('\uFEFF"时间","用户","应用","环节","审核方式","命中规则","摘录"');
    expect(csv).toContain(`"${two}","demo-model","回答","words"`);
    // A formula-looking excerpt is neutralised for spreadsheets.
    expect(csv).toContain(`"'=cmd|答"`);
    expect(csv).not.toContain(one);
  });

  it("sets the repeated-hit ban (off by default, env values shown; empty returns a field to its variable), operators only, audited", async () => {
    const person = await newUser();
    const cookie = await cookieHeader((await signIn(person.email)).session);
    expect((await api(cookie, "POST", "safety/ban-policy", { hits: 1 }, adminRoute.POST)).status).toBe(404);

    expect((await api(admin.cookie, "GET", "safety/ban-policy")).body).toEqual({ overrides: {}, env: { hits: 0, windowMinutes: 60, banMinutes: 1440 } });
    expect(await loadBanPolicy()).toEqual({ hits: 0, windowMinutes: 60, banMinutes: 1440 });
    const saved = await api(admin.cookie, "POST", "safety/ban-policy", { hits: 3, windowMinutes: 30, banMinutes: 120 }, adminRoute.POST);
    expect(saved.status).toBe(200);
    expect(await loadBanPolicy()).toEqual({ hits: 3, windowMinutes: 30, banMinutes: 120 });
    await api(admin.cookie, "POST", "safety/ban-policy", { windowMinutes: null }, adminRoute.POST);
    expect(await loadBanPolicy()).toEqual({ hits: 3, windowMinutes: 60, banMinutes: 120 });

    const bad = await api(admin.cookie, "POST", "safety/ban-policy", { hits: -1 }, adminRoute.POST);
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ message: "次数不能为负" }) });
    const db = await getDatabase();
    const { adminAuditLog } = await import("@/lib/db/schema");
    const { eq } = await import("drizzle-orm");
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "moderation.ban_policy.update"))).toHaveLength(2);
  });
});
