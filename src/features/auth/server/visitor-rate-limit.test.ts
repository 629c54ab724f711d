import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";
import { callRouteHandler } from "./next-request-scope";

// The app's own sign-in route on the embedded auth service, in-process as in production, with a
// sign-in limit of 3 per IP a minute. Each attempt uses a new e-mail, so only the IP bucket counts.
const dataDir = stubEmbeddedAppEnv("visitor-ip", {
  AUTH_RATE_LIMIT_SIGN_IN: "3/60",
});

const { POST } = await import("@/app/api/auth/signin/route");
const { closeDatabase } = await import("@/lib/db");

let attempt = 0;
/** One wrong-password sign-in as Next.js hands it to the route: X-Forwarded-For already filled in. */
async function signIn(forwardedFor: string): Promise<number> {
  attempt += 1;
  const request = new Request("http://localhost:3000/api/auth/signin", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email: `visitor-${attempt}@example.com`, password: "not-the-password" }),
  });
  return (await callRouteHandler(POST, request)).status;
}

describe("POST /api/auth/signin rate limits per visitor", () => {
  beforeAll(async () => {
    // The first call starts the embedded services (migrations, keys).
    expect(await signIn("192.0.2.200")).toBe(400);
  });
  afterAll(async () => {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives two visitors separate buckets", async () => {
    for (let i = 0; i < 3; i++) expect(await signIn("198.51.100.1")).toBe(400);
    expect(await signIn("198.51.100.1")).toBe(429);
    // Another visitor is not held back by the first one's attempts.
    expect(await signIn("198.51.100.2")).toBe(400);
  });

  it("ignores what a browser writes in front of the address its proxy appended", async () => {
    for (let i = 0; i < 3; i++) expect(await signIn(`10.0.0.${i}, 203.0.113.9`)).toBe(400);
    expect(await signIn("10.0.0.99, 203.0.113.9")).toBe(429);
    expect(await signIn("203.0.113.77, 203.0.113.9")).toBe(429);
  });
});
