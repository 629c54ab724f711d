import { describe, expect, it } from "vitest";
import { securityTxt } from "./security-txt";
import { wellKnownResponse } from "./well-known-response";

describe("wellKnownResponse", () => {
  it("serves security.txt as plain text", async () => {
    const response = wellKnownResponse(["security.txt"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^Contact: .+\nExpires: /);
  });

  it("answers 404 for anything else", () => {
    expect(wellKnownResponse(["openid-configuration"]).status).toBe(404);
    expect(wellKnownResponse(["a", "b"]).status).toBe(404);
  });
});

describe("securityTxt", () => {
  it("expires within a year", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const expires = /Expires: (.+)/.exec(securityTxt(now))?.[1];
    const days = (Date.parse(expires ?? "") - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThan(365);
  });
});
