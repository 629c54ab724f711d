import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { authRefreshTokens, authUsers } from "@/lib/db";
import { testTargetKinds } from "../../../test/database-targets";
import { createAuthHarness, type AuthHarness } from "./test-harness";

type Tokens = { access_token: string; refresh_token: string };

/** The refresh grant's one-statement common case and its fall-backs (sessions.ts). */
describe.each(testTargetKinds())("refresh grant on %s", (kind) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness(kind);
  });
  afterAll(() => h.close());

  async function signIn(email: string): Promise<Tokens & { userId: string }> {
    const admin = h.admin().auth.admin;
    const created = await admin.createUser({ email, password: "secret123", email_confirm: true });
    const { data, error } = await h.client().auth.signInWithPassword({ email, password: "secret123" });
    if (error) throw error;
    return { ...data.session!, userId: created.data.user!.id };
  }

  const refresh = (token: string) =>
    h.fetch("http://auth.test/auth/v1/token?grant_type=refresh_token", {
      method: "POST",
      headers: { apikey: h.service.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: token }),
    });

  it("rotates an active token: child of the presented one, same session, claims of the session", async () => {
    const session = await signIn("rotate-once@example.com");
    const response = await refresh(session.refresh_token);
    expect(response.status).toBe(200);
    const next = (await response.json()) as Tokens & { user: { id: string } };
    expect(next.user.id).toBe(session.userId);
    const before = decodeJwt(session.access_token);
    const after = decodeJwt(next.access_token);
    expect(after).toMatchObject({ sub: session.userId, session_id: before.session_id, aal: "aal1", amr: before.amr });
    const [child] = await h.handle.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.token, next.refresh_token));
    expect(child).toMatchObject({ parent: session.refresh_token, revoked: false, sessionId: before.session_id, userId: session.userId });
    const [parent] = await h.handle.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.token, session.refresh_token));
    expect(parent!.revoked).toBe(true);
  });

  it("answers one token presented twice at once with the same child", async () => {
    const session = await signIn("rotate-race@example.com");
    const answers = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(answers.map((answer) => answer.json()))) as Tokens[];
    expect(a!.refresh_token).toBe(b!.refresh_token);
    const children = await h.handle.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.parent, session.refresh_token));
    expect(children).toHaveLength(1);
  });

  it("refuses a banned user's token without rotating it, and takes it again once the ban is lifted", async () => {
    const session = await signIn("rotate-banned@example.com");
    await h.handle.db.update(authUsers).set({ bannedUntil: new Date(Date.now() + 3_600_000) }).where(eq(authUsers.id, session.userId));
    const refused = await refresh(session.refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_code: "user_banned" });
    const [still] = await h.handle.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.token, session.refresh_token));
    expect(still!.revoked).toBe(false);
    await h.handle.db.update(authUsers).set({ bannedUntil: new Date(Date.now() - 1000) }).where(eq(authUsers.id, session.userId));
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });
});
