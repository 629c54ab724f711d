// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "./next-request-scope";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { NextRequest } from "next/server";
import { decodeJwt } from "jose";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";
import { sessionCookieHeader } from "../../../../test/session-cookies";

// Issue 12 findings 3 and 5, as an attacker holding an access token: the app's real notes API, the
// route guard of a dashboard page (the Next.js proxy), the AI proxy route and embedded storage, all
// in-process on the embedded auth service. The liveness cache is off (0 ms) so a revocation must be
// seen by the very next request; session-liveness.test.ts covers the cache window.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("sessions", {
  SESSION_CHECK_CACHE_MS: "0",
  AUTH_RATE_LIMIT_SIGN_IN: "1000/60",
  AUTH_RATE_LIMIT_MFA: "1000/60",
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: "0",
});

const notesRoute = await import("@/app/api/notes/route");
const difyRoute = await import("@/app/api/ai/dify/[...path]/route");
const { proxy } = await import("@/proxy");
const { getSupabaseConnection } = await import("@/lib/supabase/connection");
const { closeDatabase, getDatabase } = await import("@/lib/db");
const { seedAppRegistry } = await import("@/features/ai-apps/server");
const { demoRegistryApps } = await import("@/features/ai-apps/server/config");
const { openSessionHandoff, SESSION_HANDOFF_HEADER, sealSessionHandoff } = await import("@/features/auth/session-handoff");
const { createFastLane } = await import("@/features/fast-lane/server");
const fastLane = createFastLane();

type Connection = Awaited<ReturnType<typeof getSupabaseConnection>>;
let connection: Connection;
let admin: SupabaseClient;
const PASSWORD = "secret-password-1";
const BUCKET = "session-checks";

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const anonClient = () => createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: noSession });

let userCount = 0;
async function newUser(): Promise<{ id: string; email: string }> {
  userCount += 1;
  const email = `victim-${userCount}@example.com`;
  const { data, error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return { id: data.user.id, email };
}

async function signIn(email: string): Promise<{ client: SupabaseClient; session: Session }> {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { client, session: data.session };
}

/** The session cookies @supabase/ssr writes for this session, as a Cookie header. */
const cookieHeader = (session: Session) => sessionCookieHeader(connection, session);

/** `aiFastLane`: the same AI proxy call as `npm start` answers it, before Next.js's router (src/features/fast-lane). */
type Surfaces = { notes: number; handedOff: number; dashboard: string; ai: number; aiFastLane: number; upload: boolean; download: boolean };

/**
 * The headers a route handler gets under `npm start`: the proxy runs first and may hand over the
 * session it verified (session-handoff.ts); Next.js passes its request headers on as these.
 */
async function throughProxy(url: string, cookie: string): Promise<Record<string, string>> {
  const response = await proxy(new NextRequest(url, { headers: { cookie } }));
  const handoff = response.headers.get(`x-middleware-request-${SESSION_HANDOFF_HEADER}`);
  return handoff ? { cookie, [SESSION_HANDOFF_HEADER]: handoff } : { cookie };
}

/**
 * What each product surface answers this access token and the cookies that carry it (`cookie`: made
 * earlier, while the session was live, since making them checks the session with the server).
 */
async function probe(session: Session, userId: string, cookie?: string): Promise<Surfaces> {
  cookie ??= await cookieHeader(session);
  // Called directly, the route verifies the token itself; after the proxy, it trusts the proxy's check.
  const notes = await callRouteHandler(
    (request) => notesRoute.GET(request as NextRequest),
    new NextRequest(`${SITE}/api/notes`, { headers: { cookie } }),
  );
  const handedOff = await callRouteHandler(
    (request) => notesRoute.GET(request as NextRequest),
    new NextRequest(`${SITE}/api/notes`, { headers: await throughProxy(`${SITE}/api/notes`, cookie) }),
  );
  const page = await proxy(new NextRequest(`${SITE}/dashboard`, { headers: { cookie } }));
  const location = page.headers.get("location");
  const dashboard = location ? new URL(location).pathname + new URL(location).search : String(page.status);
  const ai = await callRouteHandler(
    (request) => difyRoute.GET(request, { params: Promise.resolve({ path: ["parameters"] }) }),
    new Request(`${SITE}/api/ai/dify/parameters?appid=demo-chat`, { headers: await throughProxy(`${SITE}/api/ai/dify/parameters?appid=demo-chat`, cookie) }),
  );
  const aiFastLane = await fastLane.answer(new Request(`${SITE}/api/ai/dify/parameters?appid=demo-chat`, { headers: { cookie } }));
  const storage = createClient(connection.url, connection.anonKey, {
    global: { fetch: connection.fetch, headers: { Authorization: `Bearer ${session.access_token}` } },
    auth: noSession,
  }).storage.from(BUCKET);
  const key = `${userId}/probe-${Math.random().toString(36).slice(2)}.txt`;
  const upload = await storage.upload(key, new Blob(["hello"]), { contentType: "text/plain" });
  // Download what the service role put there, so a refused upload does not hide a working download.
  await admin.storage.from(BUCKET).upload(`${userId}/seed.txt`, new Blob(["seed"]), { contentType: "text/plain", upsert: true });
  const download = await storage.download(`${userId}/seed.txt`);
  return { notes: notes.status, handedOff: handedOff.status, dashboard, ai: ai.status, aiFastLane: aiFastLane.status, upload: !upload.error, download: !download.error };
}

const ALLOWED: Surfaces = { notes: 200, handedOff: 200, dashboard: "200", ai: 200, aiFastLane: 200, upload: true, download: true };
const SIGNED_OUT: Surfaces = { notes: 401, handedOff: 401, dashboard: "/auth/signin", ai: 401, aiFastLane: 401, upload: false, download: false };
const MFA_OWED: Surfaces = { notes: 403, handedOff: 403, dashboard: "/auth/signin?step=mfa", ai: 403, aiFastLane: 403, upload: false, download: false };

beforeAll(async () => {
  connection = await getSupabaseConnection();
  admin = createClient(connection.url, connection.serviceRoleKey, { global: { fetch: connection.fetch }, auth: noSession });
  await seedAppRegistry(await getDatabase(), demoRegistryApps());
  const { error } = await admin.storage.createBucket(BUCKET, { public: false });
  if (error) throw error;
}, 180_000); // the first call starts the embedded services (migrations, keys): slow on a busy machine
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("MFA is enforced on every product surface (issue 12 finding 3)", () => {
  it("refuses the password-only (aal1) session of a user with a verified factor, and admits it at aal2", async () => {
    const user = await newUser();
    const { client, session } = await signIn(user.email);
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error || enrolled.data.type !== "totp") throw enrolled.error ?? new Error("no totp");
    const secret = enrolled.data.totp.secret;
    const first = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: await generate({ secret }) });
    expect(first.error).toBeNull();

    // The attacker knows only the password: a fresh sign-in is aal1.
    const attacker = await signIn(user.email);
    const aal1 = await probe(attacker.session, user.id);
    expect(aal1).toEqual(MFA_OWED);
    const notes = await callRouteHandler(
      (request) => notesRoute.GET(request as NextRequest),
      new NextRequest(`${SITE}/api/notes`, { headers: { cookie: await cookieHeader(attacker.session) } }),
    );
    expect(await notes.json()).toEqual({ statusCode: 403, message: "请先完成两步验证" });

    // The owner's session, raised to aal2 by the TOTP code, works everywhere.
    expect(decodeJwt(first.data!.access_token).aal).toBe("aal2");
    expect(await probe(first.data!, user.id)).toEqual(ALLOWED);
    // Its aal1 token from before the second step is refused like the attacker's.
    expect(await probe(session, user.id)).toEqual(MFA_OWED);
  });

  it("leaves users without a verified factor at aal1", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    expect(await probe(session, user.id)).toEqual(ALLOWED);
  });
});

describe("revoked sessions are refused on every product surface (issue 12 finding 5)", () => {
  it("after a global sign-out", async () => {
    const user = await newUser();
    const { client, session } = await signIn(user.email);
    expect(await probe(session, user.id)).toEqual(ALLOWED);
    const cookie = await cookieHeader(session);
    expect((await client.auth.signOut({ scope: "global" })).error).toBeNull();
    expect(await probe(session, user.id, cookie)).toEqual(SIGNED_OUT);
  });

  it("after an admin deletes the user", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    expect(await probe(session, user.id)).toEqual(ALLOWED);
    const cookie = await cookieHeader(session);
    expect((await admin.auth.admin.deleteUser(user.id)).error).toBeNull();
    expect(await probe(session, user.id, cookie)).toEqual(SIGNED_OUT);
  });

  it("after an admin bans the user", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    expect(await probe(session, user.id)).toEqual(ALLOWED);
    const cookie = await cookieHeader(session);
    expect((await admin.auth.admin.updateUserById(user.id, { ban_duration: "24h" })).error).toBeNull();
    // Signed out everywhere; the AI calls say why (403 user_banned, issue 33: 账号已被暂停使用至…).
    expect(await probe(session, user.id, cookie)).toEqual({ ...SIGNED_OUT, ai: 403, aiFastLane: 403 });
  });

  it("after refresh-token reuse revokes the session family", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    expect(await probe(session, user.id)).toEqual(ALLOWED);
    const cookie = await cookieHeader(session);
    const rotated = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(rotated.error).toBeNull();
    const rotatedCookie = await cookieHeader(rotated.data.session!);
    // Rotated once more, so the first token's child is spent too (else GoTrue answers that child).
    expect((await anonClient().auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token })).error).toBeNull();
    // A stolen, already spent refresh token presented again: GoTrue revokes the whole session.
    const reuse = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toMatchObject({ code: "refresh_token_already_used" });
    expect(await probe(session, user.id, cookie)).toEqual(SIGNED_OUT);
    expect(await probe(rotated.data.session!, user.id, rotatedCookie)).toEqual(SIGNED_OUT);
  });
});

describe("the proxy's session handoff cannot be forged", () => {
  it("the proxy hands a signed-in request's verified session to the route", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const headers = await throughProxy(`${SITE}/api/notes`, await cookieHeader(session));
    expect(openSessionHandoff(headers[SESSION_HANDOFF_HEADER])?.claims.sub).toBe(user.id);
  });

  it("a route ignores a handoff the proxy of this process did not seal", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const claims = decodeJwt(session.access_token);
    const forged = sealSessionHandoff(claims, session.access_token, randomBytes(32))!;
    const notes = await callRouteHandler(
      (request) => notesRoute.GET(request as NextRequest),
      new NextRequest(`${SITE}/api/notes`, { headers: { [SESSION_HANDOFF_HEADER]: forged } }),
    );
    expect(notes.status).toBe(401);
  });

  it("the proxy drops a handoff header a client sends", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const sealed = sealSessionHandoff(decodeJwt(session.access_token), session.access_token)!;
    // Sealed with this process's key, but sent by the client without the session cookies.
    const response = await proxy(new NextRequest(`${SITE}/api/notes`, { headers: { [SESSION_HANDOFF_HEADER]: sealed } }));
    expect(response.headers.get(`x-middleware-request-${SESSION_HANDOFF_HEADER}`)).toBeNull();
    expect(response.headers.get("x-middleware-override-headers")?.split(",")).not.toContain(SESSION_HANDOFF_HEADER);
  });
});
