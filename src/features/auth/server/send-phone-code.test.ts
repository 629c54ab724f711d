import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";
import { callRouteHandler } from "./next-request-scope";

// Issue 12, finding 2: /api/auth/send-phone-code creates an account and texts a code per call.
// Driven as production runs it (in-process embedded auth), with small SMS limits.
const dataDir = stubEmbeddedAppEnv("phone-code", {
  DEV_OUTBOX: "on",
  AUTH_MIN_MAIL_INTERVAL: "0",
  AUTH_RATE_LIMIT_SMS: "2/3600",
  AUTH_SMS_DAILY_LIMIT: "3",
});

const { POST } = await import("@/app/api/auth/send-phone-code/route");
const { closeDatabase } = await import("@/lib/db");
const { getEmbeddedServices } = await import("@/lib/supabase/embedded-services");

/** One request as Next.js hands it to the route; every call comes from its own visitor. */
let visitor = 0;
async function sendPhoneCode(phone: string) {
  visitor += 1;
  const request = new Request("http://localhost:3000/api/auth/send-phone-code", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${visitor}` },
    body: JSON.stringify({ phone }),
  });
  const response = await callRouteHandler(POST, request);
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe("POST /api/auth/send-phone-code flood", () => {
  // Starting the embedded services (migrations, keys) is slow on a busy machine; not part of a test.
  beforeAll(() => getEmbeddedServices(), 180_000);
  afterAll(async () => {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("limits codes per phone number, whatever the visitor", async () => {
    expect((await sendPhoneCode("+8613800000101")).status).toBe(200);
    expect((await sendPhoneCode("+8613800000101")).status).toBe(200);
    const third = await sendPhoneCode("+8613800000101");
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/频繁/);
  });

  it("stops at the global daily SMS budget", async () => {
    // Two SMS went out above; the budget is 3.
    expect((await sendPhoneCode("+8613800000102")).status).toBe(200);
    const over = await sendPhoneCode("+8613800000103");
    expect(over.status).toBe(429);
    expect(over.body.message).toBe("短信发送过于频繁，请稍后再试");
  });
});
