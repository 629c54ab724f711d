// Hostile tests (issue 12, finding 7): tokens of another issuer or audience, redirects to a loopback
// port in production, and CORS for foreign origins — against the gateway the app mounts (auth + storage).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/database-targets";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { createEmbeddedGateway, type EmbeddedGateway } from "../gateway";
import { authConfigFromEnv, parseAuthConfig } from "./config";
import { createRedirectValidator } from "./redirect";

const SITE = "https://spark.example.com";
const EXTRA_ORIGIN = "https://admin.spark.example.com";
const SHARED_SECRET = "a-legacy-secret-shared-with-another-service";

describe("embedded auth: issuers, audiences, redirects and origins", () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let gateway: EmbeddedGateway;
  let accessToken: string;

  const call = (pathname: string, init: RequestInit = {}) =>
    gateway.app.fetch(new Request(`${SITE}${pathname}`, init));
  const bearer = (token: string) => ({ apikey: gateway.auth.keys.anonKey, authorization: `Bearer ${token}` });
  /** The signed-in user's own token, re-signed with the shared secret and `changes` applied. */
  const forged = (changes: Record<string, unknown>) =>
    new SignJWT({ ...decodeJwt(accessToken), ...changes })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(SHARED_SECRET));

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    handle = await openDatabase(database.target);
    gateway = await createEmbeddedGateway({
      db: handle.db,
      storageDir: mkdtempSync(path.join(tmpdir(), "spark-origins-")),
      authConfig: parseAuthConfig({
        siteUrl: SITE,
        jwtSecret: SHARED_SECRET,
        corsAllowedOrigins: [EXTRA_ORIGIN],
        minMailIntervalSeconds: 0,
        passwordHashing: { memoryCost: 256, timeCost: 1 },
      }),
    });
    const admin = { apikey: gateway.auth.keys.serviceRoleKey, authorization: `Bearer ${gateway.auth.keys.serviceRoleKey}` };
    const credentials = { email: "owner@example.com", password: "secret-123" };
    await call("/auth/v1/admin/users", {
      method: "POST",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({ ...credentials, email_confirm: true }),
    });
    const signedIn = await call("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { apikey: gateway.auth.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify(credentials),
    });
    accessToken = ((await signedIn.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await handle.close();
    await database.dispose();
  });

  it("accepts its own tokens on /user and on storage", async () => {
    expect((await call("/auth/v1/user", { headers: bearer(accessToken) })).status).toBe(200);
    expect((await call("/auth/v1/user", { headers: bearer(await forged({})) })).status).toBe(200);
    expect((await call("/storage/v1/bucket", { headers: bearer(accessToken) })).status).toBe(200);
  });

  it.each([
    ["a foreign issuer", { iss: "https://other-project.example.com/auth/v1" }],
    ["no issuer", { iss: undefined }],
    ["a foreign audience", { aud: "billing-service" }],
    ["no audience", { aud: undefined }],
  ])("refuses a token with %s on /user (403 bad_jwt, as GoTrue) and on storage (403)", async (_, changes) => {
    const token = await forged(changes);
    const user = await call("/auth/v1/user", { headers: bearer(token) });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: "bad_jwt" });
    // Hosted storage's shape: HTTP 400 with the semantic status in the body.
    const storage = await call("/storage/v1/bucket", { headers: bearer(token) });
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: "403", error: "Unauthorized" });
    await expect(gateway.auth.verifyAccessToken(token)).rejects.toThrow(/invalid claims/);
  });

  it("never puts a loopback port into a mail link in production", async () => {
    const response = await call(`/auth/v1/recover?redirect_to=${encodeURIComponent("http://127.0.0.1:9999/steal")}`, {
      method: "POST",
      headers: { apikey: gateway.auth.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com" }),
    });
    expect(response.status).toBe(200);
    const [mail] = await gateway.outbox.listOutboxMessages({ limit: 1 });
    expect(mail?.to).toBe("owner@example.com");
    const link = new URL(mail!.link!);
    expect(link.searchParams.get("redirect_to")).toBe(SITE);
  });

  it("allows loopback redirects on any port only in development", () => {
    const production = createRedirectValidator(parseAuthConfig({ siteUrl: "http://localhost:3000" }));
    for (const url of ["http://127.0.0.1:9999/x", "http://[::1]:9999/x", "http://localhost:9999/x"]) {
      expect(production(url)).toBe("http://localhost:3000");
    }
    expect(production("http://localhost:3000/auth/callback")).toBe("http://localhost:3000/auth/callback");
    const development = createRedirectValidator(authConfigFromEnv({ NODE_ENV: "development", AUTH_SITE_URL: "http://localhost:3000" }));
    expect(development("http://127.0.0.1:9999/x")).toBe("http://127.0.0.1:9999/x");
    expect(development("http://localhost:5173/x")).toBe("http://localhost:5173/x");
    expect(authConfigFromEnv({ NODE_ENV: "production" }).developmentLoopback).toBe(false);
  });

  it.each([
    ["a foreign origin", "https://evil.example.net", null],
    ["a loopback origin in production", "http://127.0.0.1:9999", null],
    ["the site", SITE, SITE],
    ["a configured origin", EXTRA_ORIGIN, EXTRA_ORIGIN],
  ])("answers CORS for %s only when allowed", async (_, origin, allowed) => {
    const preflight = await call("/auth/v1/token?grant_type=password", {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, authorization, content-type, x-client-info, x-supabase-api-version",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe(allowed);
    const settings = await call("/auth/v1/settings", { headers: { origin, apikey: gateway.auth.keys.anonKey } });
    expect(settings.status).toBe(200);
    expect(settings.headers.get("access-control-allow-origin")).toBe(allowed);
    if (allowed) {
      expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
      expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-supabase-api-version");
    } else {
      expect(settings.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });
});
