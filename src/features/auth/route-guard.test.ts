import { describe, expect, it } from "vitest";
import { isGuardedPath, redirectCookieName, routeGuardConfig, type RouteGuardConfig } from "./route-guard";
import { safeRedirectPath } from "./safe-redirect";

describe("isGuardedPath", () => {
  it("guards the dashboard and the AI app pages by default", () => {
    expect(isGuardedPath("/dashboard")).toBe(true);
    expect(isGuardedPath("/dashboard/settings/billing")).toBe(true);
    expect(isGuardedPath("/ai/chat/demo-chat")).toBe(true);
    expect(isGuardedPath("/ai")).toBe(false);
    expect(isGuardedPath("/pricing")).toBe(false);
    expect(isGuardedPath("/dashboards")).toBe(false);
  });

  it("honours exclusions and never guards the login and callback routes", () => {
    const config: RouteGuardConfig = {
      ...routeGuardConfig,
      include: ["/**"],
      exclude: ["/public/*"],
    };
    expect(isGuardedPath("/anything/deep", config)).toBe(true);
    expect(isGuardedPath("/public/page", config)).toBe(false);
    expect(isGuardedPath("/public/a/b", config)).toBe(true);
    expect(isGuardedPath("/auth/signin", config)).toBe(false);
    expect(isGuardedPath("/auth/callback", config)).toBe(false);
  });

  it("names the redirect cookie from its prefix", () => {
    expect(redirectCookieName()).toBe("spark-redirect-path");
    expect(redirectCookieName({ ...routeGuardConfig, redirectCookie: false })).toBeNull();
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/dashboard/ai/tokens?range=30#top")).toBe("/dashboard/ai/tokens?range=30#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of ["https://evil.com", "//evil.com", "/\\evil.com", "evil.com", "javascript:alert(1)", "/\nLocation: x", "", null, undefined]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
