import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VerifiedTokens } from "./keys";
import { createAuthHarness, type AuthHarness } from "./test-harness";

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe("verified tokens (keys.ts)", () => {
  afterEach(() => vi.useRealTimers());

  it("hands back a kept payload until its exp, frozen, and keeps nothing without exp", () => {
    const tokens = new VerifiedTokens();
    const payload = tokens.set("a.b.c", { sub: "u", exp: inSeconds(60), app_metadata: { roles: ["x"] } });
    expect(tokens.get("a.b.c")).toBe(payload);
    expect(tokens.get("a.b.d")).toBeUndefined();
    expect(Object.isFrozen(payload) && Object.isFrozen(payload.app_metadata)).toBe(true);
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ["Date"] });
    expect(tokens.get("a.b.c")).toBeUndefined();
    tokens.set("no.exp.token", { sub: "u" });
    expect(tokens.get("no.exp.token")).toBeUndefined();
  });

  it("keeps at most maxEntries, dropping the oldest", () => {
    const tokens = new VerifiedTokens(2);
    for (const token of ["t1", "t2", "t3"]) tokens.set(token, { exp: inSeconds(60) });
    expect([tokens.get("t1"), tokens.get("t2"), tokens.get("t3")].map(Boolean)).toEqual([false, true, true]);
  });
});

describe("the service with verified tokens kept", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { accessTokenLifetimeSeconds: 60 });
  });
  afterAll(() => h.close());

  it("refuses a token it verified before once the token has expired, and a one-character change at once", async () => {
    await h.admin().auth.admin.createUser({ email: "expiring@example.com", password: "secret123", email_confirm: true });
    const { data } = await h.client().auth.signInWithPassword({ email: "expiring@example.com", password: "secret123" });
    const token = data.session!.access_token;
    const getUser = (bearer: string) =>
      h.fetch("http://auth.test/auth/v1/user", { headers: { apikey: h.service.keys.anonKey, authorization: `Bearer ${bearer}` } });
    expect((await getUser(token)).status).toBe(200);
    expect((await getUser(token)).status).toBe(200);
    const tampered = token.slice(0, -2) + (token.at(-2) === "A" ? "B" : "A") + token.at(-1);
    expect((await getUser(tampered)).status).toBe(403);
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    const expired = await getUser(token);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ error_code: "bad_jwt", msg: expect.stringContaining("expired") });
    await expect(h.service.verifyAccessToken(token)).rejects.toThrow(/expired/);
  });
});
