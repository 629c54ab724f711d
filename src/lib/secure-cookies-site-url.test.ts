import { afterAll, describe, expect, it, vi } from "vitest";

// Issue 30, finding 2: an https SITE_URL makes every cookie Secure, whatever the request's headers say
// (TLS may end before a proxy we were not told to trust).
vi.stubEnv("SITE_URL", "https://spark.example.com");
vi.stubEnv("SUPABASE_URL", "");
vi.stubEnv("DATABASE_URL", "");
const { cookiesMustBeSecure } = await import("./secure-cookies");
const { serverClientOptions } = await import("./supabase/connection");
afterAll(() => vi.unstubAllEnvs());

describe("cookies under an https SITE_URL", () => {
  it("are Secure for the session (@supabase/ssr's options) and for the app's own", () => {
    expect(cookiesMustBeSecure(new Headers({ "x-forwarded-proto": "http" }))).toBe(true);
    expect(cookiesMustBeSecure()).toBe(true);
    const connection = { url: "https://spark.example.com", anonKey: "anon", serviceRoleKey: "service", mode: "embedded" } as Parameters<typeof serverClientOptions>[0];
    expect(serverClientOptions(connection, new Headers()).cookieOptions.secure).toBe(true);
  });
});
