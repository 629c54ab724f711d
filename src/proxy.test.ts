import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { stubEmbeddedAppEnv } from "../test/embedded-app-env";

// The real proxy in embedded mode (a request that passes refreshes the session on the embedded auth).
const dataDir = stubEmbeddedAppEnv("proxy", {
  STORAGE_PUBLIC_URL: "https://files.example.net",
});

const { proxy } = await import("./proxy");
const { prePaintScriptHash } = await import("@/features/color-mode/proxy");
const { closeDatabase } = await import("@/lib/db");
const { getEmbeddedServices } = await import("@/lib/supabase/embedded-services");

// Requests the proxy passes on refresh the session on the embedded auth: start it (database and
// migrations) under the hook timeout, not inside the first such test.
beforeAll(async () => {
  await getEmbeddedServices();
});

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const SITE = "http://localhost:3000";
const REFUSED = { statusCode: 403, message: "拒绝来自其他网站的请求" };

function request(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new NextRequest(`${SITE}${pathname}`, { method: init.method ?? "GET", headers: { host: "localhost:3000", ...init.headers }, body: init.body });
}
/** NextResponse.next() marks a request that goes on to its route. */
const passedOn = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("cross-site writes to /api/* are refused in the proxy", () => {
  // What evil.example's page makes Chromium send: a form or no-preflight fetch with a text/plain body.
  const hostile = { "content-type": "text/plain", origin: "https://evil.example", "sec-fetch-site": "cross-site" };
  const note = JSON.stringify({ title: "跨站写入", body: "" });

  it("refuses a cross-site text/plain POST with 403 {statusCode, message}", async () => {
    for (const [method, pathname] of [["POST", "/api/notes"], ["PATCH", "/api/notes/1"], ["DELETE", "/api/notes/1"], ["PUT", "/api/ai/dify/conversations/c/name"], ["POST", "/api/checkout"]] as const) {
      const response = await proxy(request(pathname, { method, headers: hostile, body: method === "DELETE" ? undefined : note }));
      expect(response.status, `${method} ${pathname}`).toBe(403);
      expect(await response.json()).toEqual(REFUSED);
      expect(passedOn(response)).toBe(false);
    }
  });

  it("refuses by Sec-Fetch-Site alone (cross-site, same-site) and by Origin alone (another origin, null)", async () => {
    const cases: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      // A sibling subdomain is same-site for cookies, but still not our pages.
      { "sec-fetch-site": "same-site", origin: "http://sibling.localhost:3000" },
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" },
      // Sandboxed frames and data: URLs send the opaque origin.
      { origin: "null" },
      // A browser that claims same-origin yet names another origin is not believed.
      { "sec-fetch-site": "same-origin", origin: "https://evil.example" },
    ];
    for (const headers of cases) {
      const response = await proxy(request("/api/notes", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" }));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual(REFUSED);
    }
  });

  it("lets our own pages, non-browser clients, reads and signed webhooks through", async () => {
    const passes = [
      request("/api/notes", { method: "POST", headers: { "content-type": "application/json", origin: SITE, "sec-fetch-site": "same-origin" }, body: "{}" }),
      // curl, a server, Playwright's request context: no Origin, no Sec-Fetch-Site, no victim's cookie.
      request("/api/notes", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      request("/api/notes", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }),
      request("/api/webhooks/stripe", { method: "POST", headers: { "content-type": "application/json", origin: "https://stripe.example", "sec-fetch-site": "cross-site" }, body: "{}" }),
      // Alipay's 异步通知 is a form POST from Alipay's servers; its RSA2 signature is checked by the route.
      request("/api/webhooks/alipay", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" }),
    ];
    for (const passing of passes) {
      const response = await proxy(passing);
      expect(response.status, `${passing.method} ${passing.nextUrl.pathname}`).not.toBe(403);
      expect(passedOn(response)).toBe(true);
    }
  });
});

describe("page responses carry the CSP and security headers", () => {
  const policyOf = (header: string) => new Map(header.split("; ").map((directive) => {
    const [name, ...sources] = directive.split(" ");
    return [name!, sources] as const;
  }));

  it("sets a per-request nonce CSP on the response and on the request Next.js renders", async () => {
    const first = await proxy(request("/auth/signin"));
    const second = await proxy(request("/auth/signin"));
    const header = first.headers.get("content-security-policy")!;
    expect(header).toBeTruthy();
    const policy = policyOf(header);
    const nonce = /'nonce-([A-Za-z0-9+/]+=*)'/.exec(header)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    // Next.js reads the request's CSP for the nonce it puts on its scripts; the root layout reads no
    // request headers (its one inline script, the colour-mode pre-paint script, is allowed by hash).
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(header);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBeNull();

    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", await prePaintScriptHash()]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toContain("https://files.example.net");
    expect(policy.get("connect-src")).toContain("https://files.example.net");
  });

  it("adds nosniff, frame, referrer and permissions headers; HSTS only behind https", async () => {
    const plain = await proxy(request("/"));
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("permissions-policy")).toContain("camera=()");
    expect(plain.headers.get("strict-transport-security")).toBeNull();

    const secure = await proxy(request("/", { headers: { "x-forwarded-proto": "https" } }));
    expect(secure.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  });

  it("guards the refusals and redirects it answers itself", async () => {
    const refused = await proxy(request("/api/notes", { method: "POST", headers: { origin: "https://evil.example" } }));
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    const guarded = await proxy(request("/dashboard"));
    expect(guarded.status).toBe(307);
    expect(guarded.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("a shared conversation (/share/{token}) never sees the visitor's session", () => {
  // A session cookie that would make the session step refresh (and answer Set-Cookie) elsewhere.
  const stale = { cookie: `sb-sparkai-auth-token=base64-${Buffer.from(JSON.stringify({ access_token: "x.y.z", refresh_token: "r" })).toString("base64url")}; other=1` };

  it("passes the page on without cookies or a session hand-off, and sets none", async () => {
    const response = await proxy(request("/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { headers: { ...stale, "x-spark-session-handoff": "forged" } }));
    expect(passedOn(response)).toBe(true);
    expect(response.headers.get("set-cookie")).toBeNull();
    // Next.js replaces the request's headers with the listed ones: no Cookie, no hand-off reaches the page.
    const forwarded = (response.headers.get("x-middleware-override-headers") ?? "").split(",");
    expect(forwarded).not.toContain("cookie");
    expect(forwarded).not.toContain("x-spark-session-handoff");
    expect(response.headers.get("x-middleware-request-cookie")).toBeNull();
  });

  it("keeps the nonce CSP and adds no-store, noindex and no-referrer", async () => {
    const response = await proxy(request("/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(response.headers.get("x-middleware-request-content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(response.headers.get("cache-control")).toMatch(/private, no-store/);
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("still runs the session step for other pages", async () => {
    const response = await proxy(request("/", { headers: stale }));
    expect((response.headers.get("x-middleware-override-headers") ?? "").split(",")).toContain("cookie");
  });
});
