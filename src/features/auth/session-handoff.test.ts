import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSessionHandoff, sealSessionHandoff } from "./session-handoff";

const key = randomBytes(32);
const now = Date.UTC(2026, 10, 25);
const claims = { sub: "4f1c2b3a-0000-4000-8000-000000000001", session_id: "5e2d3c4b-0000-4000-8000-000000000002", aal: "aal1", exp: now / 1000 + 3600, role: "authenticated" };

describe("session handoff", () => {
  it("opens what it sealed: the claims a session check needs and the token", () => {
    const opened = openSessionHandoff(sealSessionHandoff(claims, "token", key), key, now);
    expect(opened).toEqual({ claims: { sub: claims.sub, session_id: claims.session_id, aal: "aal1", exp: claims.exp }, accessToken: "token" });
  });

  it("carries the console's claims: auth methods and times, e-mail, and only app_metadata's role", () => {
    const full = {
      ...claims,
      email: "ops@example.com",
      amr: [{ method: "password", timestamp: 1_764_000_000 }, { method: "totp", timestamp: "bad" }],
      app_metadata: { role: "admin", provider: "email", providers: ["email"] },
      user_metadata: { role: "admin" },
    };
    const opened = openSessionHandoff(sealSessionHandoff(full, "token", key), key, now);
    expect(opened?.claims).toEqual({
      sub: claims.sub,
      session_id: claims.session_id,
      aal: "aal1",
      exp: claims.exp,
      email: "ops@example.com",
      amr: [{ method: "password", timestamp: 1_764_000_000 }],
      app_metadata: { role: "admin" },
    });
  });

  it("refuses a value sealed with another key, a changed payload or signature, and an expired one", () => {
    const sealed = sealSessionHandoff(claims, "token", key)!;
    const [payload, signature] = sealed.split(".");
    expect(openSessionHandoff(sealSessionHandoff(claims, "token", randomBytes(32)), key, now)).toBeUndefined();
    const otherUser = Buffer.from(JSON.stringify({ claims: { ...claims, sub: "someone-else" }, accessToken: "token" })).toString("base64url");
    expect(openSessionHandoff(`${otherUser}.${signature}`, key, now)).toBeUndefined();
    expect(openSessionHandoff(`${payload}.${signature!.slice(0, -2)}AA`, key, now)).toBeUndefined();
    expect(openSessionHandoff(sealed, key, claims.exp * 1000)).toBeUndefined();
  });

  it("refuses anything else without throwing", () => {
    for (const value of [null, undefined, "", ".", "abc", "a.b", ".b", "a.", "%%%.%%%"]) expect(openSessionHandoff(value, key, now)).toBeUndefined();
  });

  it("seals nothing for claims without a subject or expiry", () => {
    expect(sealSessionHandoff({ exp: claims.exp }, "token", key)).toBeUndefined();
    expect(sealSessionHandoff({ sub: claims.sub }, "token", key)).toBeUndefined();
  });
});
