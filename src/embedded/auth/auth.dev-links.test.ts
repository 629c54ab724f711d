// `npm run dev` on any port: with no site URL configured, mail links go to the loopback origin the
// sign-up came from (issue 14, item 5) — and never anywhere else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authConfigFromEnv } from "./config";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

describe("mail links in development without a site URL", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { linksFollowRedirectOrigin: true, developmentLoopback: true });
  });
  afterAll(() => h.close());

  async function signUpLink(email: string, emailRedirectTo: string): Promise<string> {
    const { error } = await h.client().auth.signUp({ email, password: "secret123", options: { emailRedirectTo } });
    expect(error).toBeNull();
    return (await h.lastMessage(email)).link!;
  }

  it("points at the port the developer opened", async () => {
    const link = await signUpLink("dev-port@example.com", "http://localhost:3001/auth/callback");
    expect(link.startsWith("http://localhost:3001/auth/v1/verify?")).toBe(true);
  });

  it("keeps the service's own address for any other redirect", async () => {
    const link = await signUpLink("dev-other@example.com", "https://app.example.com/welcome");
    expect(link.startsWith(`${TEST_URL}/auth/v1/verify?`)).toBe(true);
  });

  it("is on only in development with no SITE_URL, AUTH_SITE_URL or AUTH_EXTERNAL_URL", () => {
    expect(authConfigFromEnv({ NODE_ENV: "development" }).linksFollowRedirectOrigin).toBe(true);
    expect(authConfigFromEnv({ NODE_ENV: "development", SITE_URL: "https://spark.example.com" }).linksFollowRedirectOrigin).toBe(false);
    expect(authConfigFromEnv({ NODE_ENV: "production" }).linksFollowRedirectOrigin).toBe(false);
  });
});
