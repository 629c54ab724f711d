import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { authSessions } from "@/lib/db/schema";
import { sessionVerdict } from "./session-liveness";
import { createAuthHarness, type AuthHarness } from "./test-harness";

// The liveness look-up is cached (default 3 s): what this process revokes shows at once, what another
// process does once the window has passed.
describe("session liveness", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite");
  }, 120_000);
  afterAll(() => h.close());
  afterEach(() => vi.useRealTimers());

  async function signedIn(email: string) {
    await h.admin().auth.admin.createUser({ email, password: "secret123", email_confirm: true });
    const client = h.client();
    const { data } = await client.auth.signInWithPassword({ email, password: "secret123" });
    return { client, userId: data.user!.id, claims: await h.service.verifyAccessToken(data.session!.access_token) };
  }

  it("sees a global sign-out or a ban of this process's service on the very next check", async () => {
    const out = await signedIn("live@example.com");
    expect(sessionVerdict(out.claims, await h.service.sessionLiveness(out.claims))).toEqual({ state: "ok", userId: out.userId });
    await out.client.auth.signOut({ scope: "global" });
    expect(await h.service.sessionLiveness(out.claims)).toEqual({ live: false });

    const banned = await signedIn("banned@example.com");
    expect((await h.service.sessionLiveness(banned.claims)).live).toBe(true);
    expect((await h.admin().auth.admin.updateUserById(banned.userId, { ban_duration: "24h" })).error).toBeNull();
    const liveness = await h.service.sessionLiveness(banned.claims);
    expect(liveness.live).toBe(false);
    expect(!liveness.live && liveness.bannedUntil && liveness.bannedUntil.getTime() > Date.now()).toBe(true);
  });

  it("sees a session removed behind its back (another process) once the cache window has passed", async () => {
    const { userId, claims } = await signedIn("elsewhere@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    expect((await h.service.sessionLiveness(claims)).live).toBe(true);
    await h.handle.db.delete(authSessions).where(eq(authSessions.userId, userId));
    // Within the window the cached answer stands; just after it, the removal is seen.
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
