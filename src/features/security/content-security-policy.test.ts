import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, createNonce } from "./content-security-policy";

const directives = (policy: string) => Object.fromEntries(policy.split("; ").map((directive) => {
  const [name, ...sources] = directive.split(" ");
  return [name!, sources];
}));

describe("buildContentSecurityPolicy", () => {
  it("runs scripts by nonce only in production: no unsafe-inline, no unsafe-eval", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "abc=", development: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc='", "'strict-dynamic'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
  });

  it("without a nonce (static pages) allows inline scripts only by their hashes, with no 'strict-dynamic'", () => {
    const policy = directives(buildContentSecurityPolicy({ scriptHashes: ["'sha256-abc='"], development: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'sha256-abc='"]);
  });

  it("adds the hashes beside the nonce on pages rendered per request", () => {
    const policy = directives(buildContentSecurityPolicy({ nonce: "n", scriptHashes: ["'sha256-abc='"], development: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'", "'sha256-abc='"]);
  });

  it("allows eval for React's dev tooling under next dev only", () => {
    expect(directives(buildContentSecurityPolicy({ nonce: "n", development: true }))["script-src"]).toContain("'unsafe-eval'");
  });

  it("lets the browser reach a hosted Supabase project (https + realtime websocket) and a storage origin", () => {
    const policy = directives(buildContentSecurityPolicy({
      nonce: "n",
      development: false,
      supabaseUrl: "https://xyz.supabase.co/",
      storagePublicUrl: "https://files.example.com/base",
    }));
    expect(policy["connect-src"]).toEqual(["'self'", "https://xyz.supabase.co", "https://files.example.com", "wss://xyz.supabase.co"]);
    expect(policy["img-src"]).toEqual(["'self'", "blob:", "data:", "https://xyz.supabase.co", "https://files.example.com"]);
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(createNonce()).not.toBe(nonce);
  });
});
