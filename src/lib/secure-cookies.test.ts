// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server } from "node:http";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../test/embedded-app-env";

// Issue 30, finding 2: behind an https proxy (TRUSTED_PROXIES) every cookie we set is Secure; a
// client on plain http that merely claims X-Forwarded-Proto: https gets no Secure cookie (it could
// not send one back). Through the real front server (hardened-server.mjs), the sign-in route
// (@supabase/ssr's session cookies) and the proxy (session refresh + the guard's redirect cookie).
const dataDir = stubEmbeddedAppEnv("secure-cookies", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });
const signinRoute = await import("@/app/api/auth/signin/route");
const { proxy } = await import("@/proxy");
const { createHardenedServer } = await import("@/lib/net/hardened-server.mjs");
const { parseTrustedProxies } = await import("@/lib/net/client-address.mjs");
const { closeDatabase } = await import("@/lib/db");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { createClient } = await import("@supabase/supabase-js");

const EMAIL = "cookies@example.com";
const PASSWORD = "secret-password-1";
const servers: Server[] = [];

/** The app's two cookie-setting paths behind the front server: POST /api/auth/signin, and the proxy for a page. */
async function handle(req: IncomingMessage): Promise<Response> {
  const url = `http://localhost:3000${req.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  if (req.method === "POST") {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new NextRequest(url, { method: "POST", headers, body: Buffer.concat(chunks) });
    return callRouteHandler((r) => signinRoute.POST(r as NextRequest), request);
  }
  return proxy(new NextRequest(url, { headers }));
}

async function frontServer(trustedProxies: string): Promise<string> {
  const server = createHardenedServer({
    trust: parseTrustedProxies(trustedProxies),
    handler: async (req, res) => {
      const response = await handle(req);
      res.statusCode = response.status;
      const setCookies = response.headers.getSetCookie();
      if (setCookies.length > 0) res.setHeader("set-cookie", setCookies);
      res.end(Buffer.from(await response.arrayBuffer()));
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let viaTrustedProxy = "";
let untrusted = "";
beforeAll(async () => {
  const connection = await getSupabaseConnection();
  const admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false } });
  const created = await admin.auth.admin.createUser({ email: EMAIL, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  viaTrustedProxy = await frontServer("loopback");
  untrusted = await frontServer("");
}, 120_000);
afterAll(async () => {
  for (const server of servers) server.close();
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = (base: string, proto?: string) =>
  fetch(`${base}/api/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(proto ? { "x-forwarded-proto": proto } : {}) },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
const isSecure = (cookie: string) => cookie.split(";").some((attribute) => attribute.trim().toLowerCase() === "secure");

describe("Secure cookies behind https", () => {
  it("marks the session cookies of a sign-in through a trusted https proxy Secure", async () => {
    const response = await signIn(viaTrustedProxy, "https");
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => /^sb-[^=]+-auth-token/.test(cookie))).toBe(true);
    for (const cookie of cookies) expect(isSecure(cookie), cookie).toBe(true);
  });

  it("marks the guard's redirect cookie Secure on a page visited through the trusted https proxy", async () => {
    const response = await fetch(`${viaTrustedProxy}/dashboard`, { headers: { "x-forwarded-proto": "https" }, redirect: "manual" });
    expect(response.status).toBe(307);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("spark-redirect-path="))).toBe(true);
    for (const cookie of cookies) expect(isSecure(cookie), cookie).toBe(true);
  });

  it("does not force Secure for a client on plain http that claims X-Forwarded-Proto: https itself", async () => {
    const response = await signIn(untrusted, "https");
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(isSecure(cookie), cookie).toBe(false);
    const page = await fetch(`${untrusted}/dashboard`, { headers: { "x-forwarded-proto": "https" }, redirect: "manual" });
    for (const cookie of page.headers.getSetCookie()) expect(isSecure(cookie), cookie).toBe(false);
  });

  it("keeps plain-http cookies on a plain-http site (no proxy, SITE_URL http)", async () => {
    const cookies = (await signIn(viaTrustedProxy)).headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(isSecure(cookie), cookie).toBe(false);
  });
});
