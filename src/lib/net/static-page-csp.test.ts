import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { allowedScriptHashes, buildInlineScriptHashes, PLACEHOLDER, withStaticPageScriptHashes } from "./static-page-csp.mjs";

// A static page's CSP: server.mjs fills in the hashes of the inline scripts of the HTML it sends, but
// only for Next.js's data scripts and scripts the build itself inlined, never for injected ones.
const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const BOOTSTRAP = "requestAnimationFrame(function(){$RT=performance.now()})";
const DATA = 'self.__next_f.push([1,"0:{\\"apps\\":[\\"demo-chat\\"]}\\n"])';
const INJECTED = "alert(document.cookie)";
const SMUGGLED = 'self.__next_f.push([1,"x"]);alert(1)';

const page = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async=""></script></head><body>` +
  scripts.map((script) => `<script>${script}</script>`).join("") +
  `<script type="application/ld+json">{"@type":"WebSite"}</script></body></html>`;

describe("allowedScriptHashes", () => {
  it("hashes data scripts and the build's own scripts, not injected or smuggled code", () => {
    const hashes = allowedScriptHashes(page(BOOTSTRAP, DATA, INJECTED, SMUGGLED), new Set([sha(BOOTSTRAP)]));
    expect(hashes.sort()).toEqual([sha(BOOTSTRAP), sha(DATA)].sort());
  });

  it("reads the build's scripts from its prerendered pages, leaving their data scripts out", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "static-page-csp-"));
    writeFileSync(path.join(dir, "index.html"), page(BOOTSTRAP, DATA));
    expect([...buildInlineScriptHashes(dir)]).toEqual([sha(BOOTSTRAP)]);
  });
});

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(next: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(withStaticPageScriptHashes(next, () => new Set([sha(BOOTSTRAP)])));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("withStaticPageScriptHashes over a real socket", () => {
  it("fills a static page's policy from the (gzip-compressed, chunked) HTML it sends", async () => {
    const html = page(BOOTSTRAP, DATA, INJECTED);
    const compressed = gzipSync(html);
    const baseUrl = await serve((_req, res) => {
      res.setHeader("Content-Security-Policy", `default-src 'self'; script-src 'self' ${PLACEHOLDER}; object-src 'none'`);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" });
      res.write(compressed.subarray(0, 10));
      res.end(compressed.subarray(10));
    });
    const response = await fetch(baseUrl);
    expect(await response.text()).toBe(html);
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).not.toContain(PLACEHOLDER);
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src "))!.split(" ").slice(1);
    expect(scriptSrc.sort()).toEqual(["'self'", sha(BOOTSTRAP), sha(DATA)].sort());
    expect(scriptSrc).not.toContain(sha(INJECTED));
  });

  it("leaves every other response alone, streaming as before", async () => {
    const baseUrl = await serve((_req, res) => {
      res.setHeader("Content-Security-Policy", "script-src 'nonce-abc' 'strict-dynamic'");
      res.writeHead(200, { "Content-Type": "text/html" });
      res.write("<p>first</p>");
      setTimeout(() => res.end("<p>second</p>"), 20);
    });
    const response = await fetch(baseUrl);
    expect(response.headers.get("content-security-policy")).toBe("script-src 'nonce-abc' 'strict-dynamic'");
    expect(await response.text()).toBe("<p>first</p><p>second</p>");
  });

  it("drops the placeholder from answers that are not HTML (the RSC payload of a client navigation)", async () => {
    const baseUrl = await serve((_req, res) => {
      res.setHeader("Content-Security-Policy", `script-src 'self' ${PLACEHOLDER}`);
      res.setHeader("Content-Type", "text/x-component");
      res.end('0:{"a":1}');
    });
    const response = await fetch(baseUrl);
    expect(response.headers.get("content-security-policy")).toBe("script-src 'self'");
    expect(await response.text()).toBe('0:{"a":1}');
  });

  it("sends a 304 without a policy, so the browser keeps the one that came with the cached page", async () => {
    const baseUrl = await serve((_req, res) => {
      res.setHeader("Content-Security-Policy", `script-src 'self' ${PLACEHOLDER}`);
      res.statusCode = 304;
      res.end();
    });
    const response = await fetch(baseUrl);
    expect(response.status).toBe(304);
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});
