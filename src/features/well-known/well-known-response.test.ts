import { describe, expect, it } from "vitest";
import { securityTxt } from "./security-txt";
import { wellKnownResponse } from "./well-known-response";

describe("wellKnownResponse", () => {
  it("serves security.txt as plain text", async () => {
    const response = await wellKnownResponse(["security.txt"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^Contact: .+\nExpires: /);
  });

  it("answers 404 for anything else", async () => {
    expect((await wellKnownResponse(["openid-configuration"])).status).toBe(404);
    expect((await wellKnownResponse(["a", "b"])).status).toBe(404);
  });
});

describe("securityTxt", () => {
  it("expires within a year", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const expires = /Expires: (.+)/.exec(securityTxt("https://spark.example.com", now))?.[1];
    const days = (Date.parse(expires ?? "") - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThan(365);
  });

  it("points at the site it was asked for", () => {
    expect(securityTxt("http://localhost:3001")).toContain("Canonical: http://localhost:3001/.well-known/security.txt");
  });
});
