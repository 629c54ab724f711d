// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "./server/next-request-scope";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { NextRequest } from "next/server";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../../../test/embedded-app-env";
import { sessionCookieHeader } from "../../../test/session-cookies";

// The session core (session-core.ts) behind its three entries — the Next.js proxy, route handlers
// (next/headers) and the fast lane (plain Request, Set-Cookie) — against the same attacker cases,
// on the embedded auth. Liveness cache off: a revocation must show on the very next request.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("session-core", {
  SESSION_CHECK_CACHE_MS: "0",
  AUTH_RATE_LIMIT_SIGN_IN: "1000/60",
  AUTH_RATE_LIMIT_MFA: "1000/60",
});

const { proxy } = await import("@/proxy");
const { resolveSignedInUser } = await import("./server/current-user-id");
const { resolveRequestSession } = await import("./server/request-session");
const { openSessionHandoff, SESSION_HANDOFF_HEADER } = await import("./session-handoff");
const { getSupabaseConnection } = await import("@/lib/supabase/connection");
const { getEmbeddedServices } = await import("@/lib/supabase/embedded-services");
const { applyClientAddress } = await import("@/lib/net/hardened-server.mjs");
const { parseTrustedProxies } = await import("@/lib/net/client-address.mjs");
const { closeDatabase } = await import("@/lib/db");

type Connection = Awaited<ReturnType<typeof getSupabaseConnection>>;
let connection: Connection;
let admin: SupabaseClient;
const PASSWORD = "secret-password-1";
const COOKIE = "sb-sparkai-auth-token";
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
const anonClient = () => createClient(connection.url, connection.anonKey, { global: { fetch: connection.fetch }, auth: noSession });

/** What an entry decided: its verdict, the user it admits (null: none), and the session cookies it set on the answer. */
type Seen = { state: "ok" | "mfa_required" | "signed_out"; userId: string | null; setCookies: string[] };
type Entry = (headers: Headers) => Promise<Seen>;

const sessionCookies = (setCookies: string[]) => setCookies.filter((value) => value.startsWith(COOKIE));

const entries: Record<string, Entry> = {
  /** src/proxy.ts on a guarded page: the redirect says the verdict, the handoff says who. */
  proxy: async (headers) => {
    const response = await proxy(new NextRequest(`${SITE}/dashboard`, { headers }));
    const location = response.headers.get("location");
    const state = !location ? "ok" : new URL(location).search === "?step=mfa" ? "mfa_required" : "signed_out";
    const handoff = openSessionHandoff(response.headers.get(`x-middleware-request-${SESSION_HANDOFF_HEADER}`));
    return { state, userId: state === "ok" ? (handoff?.claims.sub ?? null) : null, setCookies: sessionCookies(response.headers.getSetCookie()) };
  },
  /** A route handler (what `requireCurrentUserId` asks), inside Next.js's request scope. */
  route: async (headers) => {
    let seen: Seen | undefined;
    const response = await callRouteHandler(async () => {
      const verdict = await resolveSignedInUser();
      seen = { state: verdict.state, userId: verdict.state === "ok" ? verdict.userId : null, setCookies: [] };
      return new Response(null, { status: 204 });
    }, new Request(`${SITE}/api/notes`, { headers }));
    return { ...seen!, setCookies: sessionCookies(response.headers.getSetCookie()) };
  },
  /** The fast lane's session step (src/features/fast-lane/routes.ts). */
  fastLane: async (headers) => {
    const { verdict, setCookies } = await resolveRequestSession(new Request(`${SITE}/api/ai/dify/parameters`, { headers }));
    return { state: verdict.state, userId: verdict.state === "ok" ? verdict.userId : null, setCookies: sessionCookies(setCookies) };
  },
};
const ENTRIES = Object.entries(entries);

let userCount = 0;
async function newUser(): Promise<{ id: string; email: string }> {
  userCount += 1;
  const email = `core-${userCount}@example.com`;
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

/** A session whose access token expired an hour ago (signed in two hours back), its refresh token still good. */
async function expiredSession(email: string): Promise<Session> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 2 * 3600_000 });
  try {
    return (await signIn(email)).session;
  } finally {
    vi.useRealTimers();
  }
}

/** A browser's session cookie holding `session` as given (no check with the server, unlike sessionCookieHeader). */
const rawCookie = (session: object) => `${COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
const withCookie = (cookie: string) => new Headers({ cookie });
const SIGNED_OUT: Seen = { state: "signed_out", userId: null, setCookies: [] };

beforeAll(async () => {
  connection = await getSupabaseConnection();
  admin = createClient(connection.url, connection.serviceRoleKey, { global: { fetch: connection.fetch }, auth: noSession });
}, 180_000); // the first call starts the embedded services (migrations, keys): slow on a busy machine
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(ENTRIES)("the session core through the %s entry", (_name, entry) => {
  it("admits a live session, as its user", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    expect(await entry(withCookie(await sessionCookieHeader(connection, session)))).toEqual({ state: "ok", userId: user.id, setCookies: [] });
  });

  it("finds nobody without a cookie, or in a garbage one", async () => {
    expect(await entry(new Headers())).toEqual(SIGNED_OUT);
    expect(await entry(withCookie(`${COOKIE}=garbage`))).toEqual(SIGNED_OUT);
    expect(await entry(withCookie(`${COOKIE}=base64-${Buffer.from("{not json").toString("base64url")}`))).toEqual(SIGNED_OUT);
  });

  it("refuses a token signed with another key (ES256 under the service's key id, or HS256), naming a real user and session", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const claims = decodeJwt(session.access_token);
    const { kid } = decodeProtectedHeader(session.access_token);
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const es256 = await new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid, typ: "JWT" }).sign(privateKey);
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(randomBytes(32));
    for (const forged of [es256, hs256]) {
      // expires_at far ahead: the forged token is presented as is, never refreshed away.
      const cookie = rawCookie({ ...session, access_token: forged, refresh_token: "forged", expires_at: Math.floor(Date.now() / 1000) + 3600 });
      expect((await entry(withCookie(cookie))).state).toBe("signed_out");
    }
  });

  it("refreshes an expired access token with its refresh token and sets the new cookies", async () => {
    const user = await newUser();
    const session = await expiredSession(user.email);
    expect(decodeJwt(session.access_token).exp! * 1000).toBeLessThan(Date.now());
    const seen = await entry(withCookie(rawCookie(session)));
    expect(seen).toMatchObject({ state: "ok", userId: user.id });
    expect(seen.setCookies.length).toBeGreaterThan(0);
    expect(seen.setCookies.join("\n")).not.toContain(session.refresh_token);
  });

  it("reads a cookie afresh once its token nears expiry, though the same cookie was read a moment before", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const cookie = withCookie(await sessionCookieHeader(connection, session));
    const expiresAt = decodeJwt(session.access_token).exp! * 1000;
    try {
      // Read (and remembered) 130 s before expiry: nothing to refresh yet.
      vi.useFakeTimers({ toFake: ["Date"], now: expiresAt - 130_000 });
      expect(await entry(cookie)).toEqual({ state: "ok", userId: user.id, setCookies: [] });
      // 50 s later the same cookie is within auth-js's refresh margin: refreshed, not answered from memory.
      vi.setSystemTime(expiresAt - 80_000);
      const seen = await entry(cookie);
      expect(seen).toMatchObject({ state: "ok", userId: user.id });
      expect(seen.setCookies.length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not take a cookie for one it read before when a single character differs", async () => {
    const user = await newUser();
    const { session } = await signIn(user.email);
    const header = await sessionCookieHeader(connection, session);
    expect((await entry(withCookie(header))).state).toBe("ok");
    const value = header.slice(header.indexOf("=") + 1);
    const flipped = `${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`;
    expect((await entry(withCookie(`${header.slice(0, header.indexOf("=") + 1)}${flipped}`))).state).toBe("signed_out");
  });

  it("refuses a session signed out elsewhere, a banned user and a deleted user", async () => {
    const cookies: string[] = [];
    for (const revoke of [
      (client: SupabaseClient) => client.auth.signOut({ scope: "global" }),
      (_client: SupabaseClient, id: string) => admin.auth.admin.updateUserById(id, { ban_duration: "24h" }),
      (_client: SupabaseClient, id: string) => admin.auth.admin.deleteUser(id),
    ]) {
      const user = await newUser();
      const { client, session } = await signIn(user.email);
      const cookie = await sessionCookieHeader(connection, session);
      expect((await entry(withCookie(cookie))).state).toBe("ok");
      expect((await revoke(client, user.id)).error).toBeNull();
      cookies.push(cookie);
    }
    for (const cookie of cookies) expect(await entry(withCookie(cookie))).toEqual(SIGNED_OUT);
  });

  it("owes the MFA step on an aal1 session of a user with a verified factor, and admits its aal2 session", async () => {
    const user = await newUser();
    const { client } = await signIn(user.email);
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error || enrolled.data.type !== "totp") throw enrolled.error ?? new Error("no totp");
    const code = await generate({ secret: enrolled.data.totp.secret });
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code });
    if (verified.error) throw verified.error;
    const aal2 = await entry(withCookie(await sessionCookieHeader(connection, verified.data as unknown as Session)));
    expect(aal2).toEqual({ state: "ok", userId: user.id, setCookies: [] });
    const { session: aal1 } = await signIn(user.email); // the password alone
    expect(await entry(withCookie(await sessionCookieHeader(connection, aal1)))).toEqual({ state: "mfa_required", userId: null, setCookies: [] });
  });

  it("speaks to the auth service for the visitor's address: X-Forwarded-For only from a trusted proxy", async () => {
    const services = await getEmbeddedServices();
    const gatewayFetch = vi.spyOn(services.gateway, "fetch");
    try {
      const seenBy = async (trustedProxies: string): Promise<{ ip: unknown; userAgent: string | null }> => {
        const user = await newUser();
        const cookie = rawCookie(await expiredSession(user.email));
        // What server.mjs does to every request before the app sees it (src/lib/net/hardened-server.mjs).
        const req = {
          headers: { cookie, "x-forwarded-for": "203.0.113.7", "user-agent": "SessionCoreTest/1.0" } as Record<string, string>,
          rawHeaders: ["cookie", cookie, "x-forwarded-for", "203.0.113.7", "user-agent", "SessionCoreTest/1.0"],
          socket: { remoteAddress: "127.0.0.1" },
        };
        applyClientAddress(req as never, parseTrustedProxies(trustedProxies));
        gatewayFetch.mockClear();
        expect((await entry(new Headers(req.headers))).state).toBe("ok");
        const refresh = gatewayFetch.mock.calls.find(([request]) => new URL(request.url).searchParams.get("grant_type") === "refresh_token");
        if (!refresh) throw new Error("no refresh call reached the auth service");
        return { ip: (refresh[1] as { clientIp?: string } | undefined)?.clientIp, userAgent: refresh[0].headers.get("user-agent") };
      };
      expect(await seenBy("")).toEqual({ ip: "127.0.0.1", userAgent: "SessionCoreTest/1.0" });
      expect(await seenBy("loopback")).toEqual({ ip: "203.0.113.7", userAgent: "SessionCoreTest/1.0" });
    } finally {
      gatewayFetch.mockRestore();
    }
  });
});

describe("the session core's result", () => {
  it("says who, at which assurance level, whether MFA is owed, from where and on what device", async () => {
    const { resolveSession } = await import("./session-core");
    const user = await newUser();
    const { client, session } = await signIn(user.email);
    const enrolled = await client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error || enrolled.data.type !== "totp") throw enrolled.error ?? new Error("no totp");
    const code = await generate({ secret: enrolled.data.totp.secret });
    expect((await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code })).error).toBeNull();
    // X-Forwarded-For as server.mjs leaves it: exactly one entry, the visitor it decided on.
    const headers = { cookie: await sessionCookieHeader(connection, session), "x-forwarded-for": "198.51.100.4", "user-agent": "Core/2.0" };
    const result = await resolveSession(new Request(`${SITE}/api/notes`, { headers }));
    expect(result).toMatchObject({ userId: null, aal: "aal1", mfaOwed: true, clientAddress: "198.51.100.4", userAgent: "Core/2.0", cookiesToSet: [] });
    expect(result.verdict).toEqual({ state: "mfa_required", userId: user.id });
    expect(await resolveSession(new Request(`${SITE}/api/notes`))).toMatchObject({ userId: null, aal: undefined, mfaOwed: false, token: undefined });
  });
});
