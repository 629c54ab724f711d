// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 37: the console's 知识库 of a model app (the app dialog saves through GET/PUT knowledge/apps/{appid}).
// Only stored model apps take shared bases: an unknown app is 404, a Dify app 400, a user's own base 400.
const dataDir = stubEmbeddedAppEnv("admin-knowledge", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { closeDatabase, getDatabase, adminAuditLog, knowledgeAppBases } = await import("@/lib/db");
const { eq } = await import("drizzle-orm");
const { createBase } = await import("@/features/knowledge/server");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newAdmin, newUser, signIn, cookieHeader, api } = await startAdminTestKit();

let admin: { id: string; cookie: string };
let userCookie = "";
beforeAll(async () => {
  admin = await newAdmin("knowledge-admin@example.com");
  const user = await newUser("knowledge-user@example.com");
  userCookie = await cookieHeader((await signIn(user.email)).session);
}, 180_000);
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a model app's shared knowledge bases in the console", () => {
  it("attaches a shared base to the demo model app, reads it back and audits the change", async () => {
    const created = await api(admin.cookie, "POST", "knowledge/bases", { name: "产品手册" });
    expect(created.status).toBe(201);
    const baseId = (created.body as { base: { id: string } }).base.id;
    expect((await api(admin.cookie, "GET", "knowledge/apps/demo-model")).body).toEqual({ baseIds: [] });

    const saved = await api(admin.cookie, "PUT", "knowledge/apps/demo-model", { baseIds: [baseId] });
    expect(saved).toEqual({ status: 200, body: { baseIds: [baseId] } });
    expect((await api(admin.cookie, "GET", "knowledge/apps/demo-model")).body).toEqual({ baseIds: [baseId] });
    const audited = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.action, "knowledge.app.bases"));
    expect(audited.map((row) => row.actorId)).toEqual([admin.id]);
  });

  it("answers 404 for an app that does not exist, and attaches nothing to it", async () => {
    expect((await api(admin.cookie, "GET", "knowledge/apps/no-such-app")).status).toBe(404);
    const put = await api(admin.cookie, "PUT", "knowledge/apps/no-such-app", { baseIds: [] });
    expect(put).toEqual({ status: 404, body: expect.objectContaining({ statusCode: 404, message: "应用不存在" }) });
    expect(await (await getDatabase()).select().from(knowledgeAppBases).where(eq(knowledgeAppBases.appid, "no-such-app"))).toEqual([]);
  });

  it("refuses bases for a Dify app, a user's own base, bad bodies and non-operators", async () => {
    const shared = (await api(admin.cookie, "POST", "knowledge/bases", { name: "常见问题" })).body as { base: { id: string } };
    const dify = await api(admin.cookie, "PUT", "knowledge/apps/demo-chat", { baseIds: [shared.base.id] });
    expect(dify).toEqual({ status: 400, body: expect.objectContaining({ message: "只有模型应用可以关联知识库" }) });

    const own = await createBase(await getDatabase(), admin.id, "我的资料");
    if (own === "too_many") throw new Error("unexpected");
    expect((await api(admin.cookie, "PUT", "knowledge/apps/demo-model", { baseIds: [own.id] })).status).toBe(400);
    expect((await api(admin.cookie, "PUT", "knowledge/apps/demo-model", { baseIds: "all" })).status).toBe(400);
    expect((await api(userCookie, "PUT", "knowledge/apps/demo-model", { baseIds: [] })).status).toBeGreaterThanOrEqual(403);
  });
});
