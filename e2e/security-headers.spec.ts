import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * Browser defences against another origin: framing, cross-site writes, and the headers on pages and
 * static assets. The attacker's pages come from a tiny server on another port of the same machine.
 */

let attacker: Server;
let attackerPort: number;
let attackerPage = "";

test.beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

/** Serves `html` as the attacker's page and opens it (at `host`, 127.0.0.1 or localhost). */
async function openAttackerPage(page: Page, html: string, host = "127.0.0.1") {
  attackerPage = `<!doctype html><meta charset="utf-8"><title>attacker</title>${html}`;
  await page.goto(`http://${host}:${attackerPort}/`);
}

test.describe("framing", () => {
  // Chromium reports the refusal on the framing page's console: that one is expected here.
  test.use({ expectedCspViolations: [/frame-ancestors/] });

  // Every path in one browser context: a fresh context per path costs a busy machine ~1.7 s of CPU.
  test("another site cannot frame any page", async ({ page, baseURL }) => {
    for (const path of ["/auth/signin", "/", "/pricing", "/docs", "/dashboard", "/ai/chat/demo-chat", "/no-such-page"]) {
      const target = new URL(path, baseURL).href;
      await openAttackerPage(
        page,
        `<iframe id="victim" src="${target}" width="800" height="600" onload="document.body.dataset.loaded = 'yes'"></iframe>`,
        "localhost",
      );
      // Chromium fires load on a refused frame too, after replacing it with its error page.
      await expect(page.locator("body"), path).toHaveAttribute("data-loaded", "yes");
      const framed = page.frames().find((frame) => frame !== page.mainFrame());
      expect(framed, path).toBeDefined();
      expect(framed!.url(), path).not.toContain(new URL(baseURL!).host);
      await expect(page.frameLocator("#victim").locator("input[type=password]"), path).toHaveCount(0);
    }
  });
});

test.describe("cross-site writes", () => {
  // 127.0.0.1 on another port is the same site: SameSite=Lax sends the victim's cookies along, so
  // only the API's own refusal stands between this page and the victim's notes.
  const title = `跨站写入 ${Date.now()}`;

  test("a form POST from another origin is refused and writes nothing", async ({ page, account, baseURL }) => {
    await signInThroughApi(page.request, account);
    const before = await page.request.get("/api/notes");
    expect(before.status()).toBe(200);

    await openAttackerPage(
      page,
      `<form method="POST" action="${baseURL}/api/notes" enctype="text/plain">
        <input name='{"title":"${title}","body":"' value='"}'><button>go</button>
      </form>`,
    );
    const answer = page.waitForResponse((response) => response.url() === `${baseURL}/api/notes`);
    await page.getByRole("button", { name: "go" }).click();
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, message: "拒绝来自其他网站的请求" });

    const notes = (await (await page.request.get("/api/notes")).json()) as { notes: { title: string }[] };
    expect(notes.notes.map((note) => note.title)).not.toContain(title);
  });

  test("a fetch POST from another origin is refused and writes nothing", async ({ page, account, baseURL }) => {
    await signInThroughApi(page.request, account);
    await openAttackerPage(page, "<p>attacker</p>");
    const answer = page.waitForResponse((response) => response.url() === `${baseURL}/api/notes`);
    await page.evaluate(async ({ url, body }) => {
      // no-cors: the "simple" request that needs no preflight; the attacker cannot read the answer.
      await fetch(url, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body });
    }, { url: `${baseURL}/api/notes`, body: JSON.stringify({ title: `${title} fetch`, body: "" }) });
    expect((await answer).status()).toBe(403);

    const notes = (await (await page.request.get("/api/notes")).json()) as { notes: { title: string }[] };
    expect(notes.notes.map((note) => note.title)).not.toContain(`${title} fetch`);
  });
});

test.describe("injected markup", () => {
  // The violation this test provokes is the one it asserts on.
  test.use({ expectedCspViolations: [/script-src/] });

  test("an injected inline handler does not run (and is reported)", async ({ page }) => {
    await page.goto("/auth/signin");
    const reported = page.waitForEvent("console", (message) => /Content Security Policy/.test(message.text()));
    // What stored XSS would put into a page: markup with an inline handler.
    await page.evaluate(() => {
      const holder = document.createElement("div");
      holder.innerHTML = `<img src="data:," onerror="window.__sparkPwned = true">`;
      document.body.append(holder);
    });
    expect((await reported).text()).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as unknown as { __sparkPwned?: boolean }).__sparkPwned)).toBeUndefined();
  });
});

test.describe("headers", () => {
  const baseline = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  };

  test("pages carry a nonce CSP without unsafe-inline / unsafe-eval scripts, and the theme script runs", async ({ page }) => {
    const response = (await page.goto("/auth/signin"))!;
    const headers = response.headers();
    for (const [name, value] of Object.entries(baseline)) expect(headers[name], name).toBe(value);
    expect(headers["permissions-policy"]).toContain("camera=()");
    const csp = headers["content-security-policy"]!;
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src "))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/]+=*'/);
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    // Over plain http (no https from a trusted proxy) there is no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();

    // The inline pre-paint script ran (it sets the colour class): the CSP allows it by hash;
    // and the page hydrated (React's scripts ran): the sign-in form reacts.
    await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
    await expect(page.getByRole("button", { name: "登录" }).first()).toBeEnabled();

    // A fresh nonce on every request.
    const again = (await page.request.get("/auth/signin")).headers()["content-security-policy"];
    expect(again).not.toBe(csp);
  });

  test("static assets and the service mounts carry nosniff and the framing headers", async ({ page, request }) => {
    await page.goto("/");
    const scripts = await page.locator("script[src*='/_next/static/']").evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).src));
    const styles = await page.locator("link[rel=stylesheet][href*='/_next/static/']").evaluateAll((elements) => elements.map((element) => (element as HTMLLinkElement).href));
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of [scripts[0]!, ...styles.slice(0, 1), "/icon.svg", "/builds/latest.json", "/auth/v1/health"]) {
      const response = await request.get(url);
      expect(response.status(), url).toBeLessThan(400);
      for (const [name, value] of Object.entries(baseline)) expect(response.headers()[name], `${name} on ${url}`).toBe(value);
    }
  });

  // With a trusted proxy in front, its X-Forwarded-Proto: https turns HSTS on: client-address.spec.ts.
  test("a client's own X-Forwarded-Proto does not turn on HSTS (no trusted proxy in front)", async ({ request }) => {
    for (const url of ["/", "/icon.svg"]) {
      const response = await request.get(url, { headers: { "x-forwarded-proto": "https" } });
      expect(response.status(), url).toBeLessThan(400);
      expect(response.headers()["strict-transport-security"], url).toBeUndefined();
    }
  });
});
