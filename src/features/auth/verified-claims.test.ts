import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { verifiedClaims } from "./verified-claims";

/** A stand-in for auth-js's getClaims: tokens named "good-…" carry a valid signature until `exp`. */
function fakeAuth() {
  const getClaims = vi.fn(async (token?: string) => {
    const [validity, exp] = (token ?? "").split(":");
    if (validity !== "good" || Number(exp) * 1000 <= Date.now()) return { data: null, error: new Error("invalid JWT") };
    return { data: { claims: { sub: "user-1", exp: Number(exp) }, header: {}, signature: new Uint8Array() }, error: null };
  });
  return { getClaims } as unknown as Parameters<typeof verifiedClaims>[0] & { getClaims: typeof getClaims };
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe("verifiedClaims", () => {
  it("checks a token's signature once, then answers from memory", async () => {
    const auth = fakeAuth();
    const token = `good:${inAnHour()}:${randomUUID()}`;
    expect(await verifiedClaims(auth, token)).toMatchObject({ sub: "user-1" });
    expect(await verifiedClaims(auth, token)).toMatchObject({ sub: "user-1" });
    expect(auth.getClaims).toHaveBeenCalledTimes(1);
  });

  it("never remembers a refusal: a forged token is checked, and refused, every time", async () => {
    const auth = fakeAuth();
    const forged = `forged:${inAnHour()}:${randomUUID()}`;
    expect(await verifiedClaims(auth, forged)).toBeUndefined();
    expect(await verifiedClaims(auth, forged)).toBeUndefined();
    expect(auth.getClaims).toHaveBeenCalledTimes(2);
  });

  it("keeps one token's verdict to that exact token", async () => {
    const auth = fakeAuth();
    const exp = inAnHour();
    const id = randomUUID();
    await verifiedClaims(auth, `good:${exp}:${id}`);
    expect(await verifiedClaims(auth, `forged:${exp}:${id}`)).toBeUndefined();
  });

  it("stops answering for a remembered token once it expires", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T08:00:00Z") });
    try {
      const auth = fakeAuth();
      // Expiring well within the time a verdict is remembered.
      const token = `good:${Math.floor(Date.now() / 1000) + 30}:${randomUUID()}`;
      expect(await verifiedClaims(auth, token)).toBeDefined();
      vi.setSystemTime(new Date("2026-11-26T08:00:31Z"));
      expect(await verifiedClaims(auth, token)).toBeUndefined();
      expect(auth.getClaims).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
