import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionVerdict } from "./session-liveness";
import { createAuthHarness, type AuthHarness } from "./test-harness";

// The cache window of the liveness look-up (default 3 s): a sign-out is seen once it has passed.
describe("session liveness", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite");
  }, 120_000);
  afterAll(() => h.close());
  afterEach(() => vi.useRealTimers());

  it("reports a signed-out session as not live once the cache window has passed", async () => {
    await h.admin().auth.admin.createUser({ email: "live@example.com", password: "secret123", email_confirm: true });
    const client = h.client();
    const { data } = await client.auth.signInWithPassword({ email: "live@example.com", password: "secret123" });
    const claims = await h.service.verifyAccessToken(data.session!.access_token);
    vi.useFakeTimers({ toFake: ["Date"] });
    expect(sessionVerdict(claims, await h.service.sessionLiveness(claims))).toEqual({ state: "ok", userId: data.user!.id });
    await client.auth.signOut({ scope: "global" });
    // Within the window the cached answer stands; just after it, the sign-out is seen.
    vi.advanceTimersByTime(2_999);
    expect((await h.service.sessionLiveness(claims)).live).toBe(true);
    vi.advanceTimersByTime(2);
    expect(await h.service.sessionLiveness(claims)).toEqual({ live: false });
  });

  it("refuses a token whose session id belongs to another user", async () => {
    const { data: a } = await h.admin().auth.admin.createUser({ email: "a@example.com", password: "secret123", email_confirm: true });
    const { data } = await h.client().auth.signInWithPassword({ email: "a@example.com", password: "secret123" });
    const claims = await h.service.verifyAccessToken(data.session!.access_token);
    expect((await h.service.sessionLiveness(claims)).live).toBe(true);
    expect(await h.service.sessionLiveness({ ...claims, sub: crypto.randomUUID() })).toEqual({ live: false });
    expect(a.user?.id).toBe(claims.sub);
  });
});
