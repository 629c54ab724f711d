import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { authIdentities, authMfaFactors, authSessions, authUsers } from "@/lib/db";
import { testTargetKinds } from "../../../test/database-targets";
import { createSignedInRows, type SignedInRows } from "./signed-in-cache";
import { createAuthHarness, type AuthHarness } from "./test-harness";

/**
 * The signed-in rows every authenticated request reads: cached on PGlite and dropped by migration
 * 0026's change notifications whoever writes (here: plain SQL beside the service, as the console or
 * psql would), read from the database on PostgreSQL.
 */
describe.each(testTargetKinds())("signed-in rows on %s", (kind) => {
  let h: AuthHarness;
  let rows: SignedInRows;
  beforeAll(async () => {
    h = await createAuthHarness(kind);
    rows = await createSignedInRows(h.handle.db);
  });
  afterAll(() => h.close());

  async function signIn(email: string) {
    const created = await h.admin().auth.admin.createUser({ email, password: "secret123", email_confirm: true });
    const { data, error } = await h.client().auth.signInWithPassword({ email, password: "secret123" });
    if (error) throw error;
    return { userId: created.data.user!.id, sessionId: String(decodeJwt(data.session!.access_token).session_id), token: data.session!.access_token };
  }
  const getUser = (token: string) =>
    h.fetch("http://auth.test/auth/v1/user", { headers: { apikey: h.service.keys.anonKey, authorization: `Bearer ${token}` } });

  it(kind === "pglite" ? "reuses the rows while nothing changed" : "reads the database every time", async () => {
    const { userId, sessionId } = await signIn("cached@example.com");
    const [first, again] = [await rows.bundle(userId), await rows.bundle(userId)];
    const [session, sessionAgain] = [(await rows.signedIn(userId, sessionId)).session, (await rows.signedIn(userId, sessionId)).session];
    expect(again).toEqual(first);
    expect(sessionAgain).toEqual(session);
    expect(again === first && sessionAgain === session).toBe(kind === "pglite");
    // A refresh only stamps refreshed_at: the cached session stays.
    await h.handle.db.update(authSessions).set({ refreshedAt: new Date() }).where(eq(authSessions.id, sessionId));
    expect((await rows.signedIn(userId, sessionId)).session?.id).toBe(sessionId);
  });

  it("sees every change written beside the service at once", async () => {
    const { userId, sessionId } = await signIn("changed@example.com");
    await rows.bundle(userId);
    await rows.signedIn(userId, sessionId);
    const db = h.handle.db;

    await db.update(authUsers).set({ userMetadata: { 昵称: "新名字" } }).where(eq(authUsers.id, userId));
    expect((await rows.bundle(userId))?.user.userMetadata).toEqual({ 昵称: "新名字" });

    const until = new Date(Date.now() + 3_600_000);
    await db.update(authUsers).set({ bannedUntil: until }).where(eq(authUsers.id, userId));
    expect((await rows.bundle(userId))?.user.bannedUntil?.getTime()).toBe(until.getTime());

    await db.insert(authMfaFactors).values({ id: randomUUID(), userId, factorType: "totp", status: "verified", friendlyName: "手机" });
    expect((await rows.bundle(userId))?.factors.map((factor) => factor.status)).toEqual(["verified"]);

    await db.insert(authIdentities).values({ id: randomUUID(), providerId: "wx-openid", userId, provider: "wechat" });
    expect((await rows.bundle(userId))?.identities.map((identity) => identity.provider)).toContain("wechat");

    await db.update(authSessions).set({ aal: "aal2" }).where(eq(authSessions.id, sessionId));
    expect((await rows.signedIn(userId, sessionId)).session?.aal).toBe("aal2");

    await db.delete(authSessions).where(eq(authSessions.id, sessionId));
    expect(await rows.signedIn(userId, sessionId)).toMatchObject({ session: undefined, bundle: { user: { id: userId } } });

    await db.delete(authUsers).where(eq(authUsers.id, userId));
    expect(await rows.bundle(userId)).toBeUndefined();
    expect(await rows.signedIn(userId, sessionId)).toEqual({});
  });

  it("finds a session only under its own user", async () => {
    const mine = await signIn("owner@example.com");
    const other = await signIn("other@example.com");
    expect((await rows.signedIn(mine.userId, other.sessionId)).session).toBeUndefined();
    expect((await rows.signedIn(other.userId, other.sessionId)).session?.userId).toBe(other.userId);
  });

  it("keeps no rows a concurrent change made old", async () => {
    const { userId } = await signIn("raced@example.com");
    const loading = rows.bundle(userId);
    const writing = h.handle.db.update(authUsers).set({ userMetadata: { step: 2 } }).where(eq(authUsers.id, userId));
    await Promise.all([loading, writing]);
    expect((await rows.bundle(userId))?.user.userMetadata).toEqual({ step: 2 });
  });

  it("answers GET /user and refuses revoked sessions and banned users at once through the service", async () => {
    const { userId, sessionId, token } = await signIn("service@example.com");
    expect((await getUser(token)).status).toBe(200);
    await h.handle.db.update(authUsers).set({ userMetadata: { plan: "专业版" } }).where(eq(authUsers.id, userId));
    expect(await (await getUser(token)).json()).toMatchObject({ user_metadata: { plan: "专业版" } });
    await h.handle.db.update(authUsers).set({ bannedUntil: new Date(Date.now() + 60_000) }).where(eq(authUsers.id, userId));
    expect(await (await getUser(token)).json()).toMatchObject({ error_code: "user_banned" });
    await h.handle.db.update(authUsers).set({ bannedUntil: null }).where(eq(authUsers.id, userId));
    expect((await getUser(token)).status).toBe(200);
    await h.handle.db.delete(authSessions).where(eq(authSessions.id, sessionId));
    expect(await (await getUser(token)).json()).toMatchObject({ error_code: "session_not_found" });
  });
});
