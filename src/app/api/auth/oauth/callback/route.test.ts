// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.stubEnv("SITE_URL", "http://localhost:3000");
const { GET } = await import("./route");
const { oauthErrorMessage } = await import("@/features/auth/server/oauth-error");

// Issue 12 finding 7: a crafted callback link must not put its own words on our sign-in page.
describe("GET /api/auth/oauth/callback without a code", () => {
  afterEach(() => vi.restoreAllMocks());

  async function follow(query: string): Promise<URL> {
    const response = await callRouteHandler(
      (request) => GET(request as NextRequest),
      new NextRequest(`http://localhost:3000/api/auth/oauth/callback?${query}`),
    );
    expect(response.status).toBe(303);
    return new URL(response.headers.get("location")!);
  }

  it("passes on our key for the provider's error, never its description, and logs the description", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const phishing = "账号已冻结，请拨打 400-000-0000 解冻";
    const location = await follow(`error=access_denied&error_description=${encodeURIComponent(phishing)}`);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.href).not.toContain(encodeURIComponent(phishing));
    expect(JSON.stringify(warn.mock.calls)).toContain(phishing);
  });

  it("reads unknown provider errors, and any text a crafted sign-in link carries, as our generic message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const location = await follow("error=%E8%AF%B7%E8%81%94%E7%B3%BB%E5%AE%A2%E6%9C%8D");
    expect(location.searchParams.get("error")).toBe("incomplete");
    expect(oauthErrorMessage("access_denied")).toBe("用户取消了授权");
    expect(oauthErrorMessage("请拨打 400-000-0000")).toBe("第三方登录未完成");
    expect(oauthErrorMessage("constructor")).toBe("第三方登录未完成");
  });
});
