import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutbox } from "@/embedded/outbox";
import { parseAuthConfig } from "./config";
import { createAuthService } from "./index";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

// Issue 12, finding 2: limits keyed on the address as well as the IP, and SMS pumping (what
// /api/auth/send-phone-code asks for is the service's own POST /otp with a phone).

const generous = { max: 1000, windowSeconds: 600 };

describe("verify limits per address, whatever the IP", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { rateLimits: { verify: { max: 3, windowSeconds: 600 }, otp: generous }, otpMaxAttempts: 100 });
  });
  afterAll(() => h.close());

  it("refuses a fourth guess for one e-mail from a fourth IP", async () => {
    await h.client().auth.signInWithOtp({ email: "target@example.com" });
    for (let i = 1; i <= 3; i++) {
      const { error } = await h.clientVia({ clientIp: `198.51.100.${i}` }).auth.verifyOtp({ email: "target@example.com", token: "000000", type: "email" });
      expect(error).toMatchObject({ code: "otp_expired" });
    }
    const fourth = await h.clientVia({ clientIp: "198.51.100.4" }).auth.verifyOtp({ email: "TARGET@example.com", token: "000000", type: "email" });
    expect(fourth.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    // Another address from that IP is not held back.
    const other = await h.clientVia({ clientIp: "198.51.100.4" }).auth.verifyOtp({ email: "other@example.com", token: "000000", type: "email" });
    expect(other.error).toMatchObject({ code: "otp_expired" });
  });
});

describe("SMS pumping", () => {
  let h: AuthHarness;
  const config = {
    rateLimits: { otp: generous, sms: { max: 2, windowSeconds: 3600 } },
    smsDailyLimit: 5,
  };
  beforeAll(async () => {
    h = await createAuthHarness("pglite", config);
  });
  afterAll(() => h.close());

  const sendCode = (phone: string, ip: string) => h.clientVia({ clientIp: ip }).auth.signInWithOtp({ phone });
  const userCount = async () => (await h.admin().auth.admin.listUsers({ perPage: 1000 })).data.users.length;

  it("limits SMS per phone number, whatever the IP", async () => {
    expect((await sendCode("+8613700000001", "203.0.113.1")).error).toBeNull();
    expect((await sendCode("+8613700000001", "203.0.113.2")).error).toBeNull();
    const third = await sendCode("+86 137 0000 0001", "203.0.113.3");
    expect(third.error).toMatchObject({ status: 429 });
  });

  it("limits SMS per IP, and creates no account once the IP's budget is spent", async () => {
    expect((await sendCode("+8613700000011", "203.0.113.9")).error).toBeNull();
    expect((await sendCode("+8613700000012", "203.0.113.9")).error).toBeNull();
    const before = await userCount();
    const third = await sendCode("+8613700000013", "203.0.113.9");
    expect(third.error).toMatchObject({ status: 429 });
    expect(await userCount()).toBe(before);
  });

  it("stops at the global daily SMS budget, also after a restart", async () => {
    // 4 SMS were sent above; one more is within the budget of 5, the next is not.
    expect((await sendCode("+8613700000021", "192.0.2.1")).error).toBeNull();
    const over = await sendCode("+8613700000022", "192.0.2.2");
    expect(over.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });

    // A new service process on the same database: the budget is not refilled.
    const restarted = await createAuthService({
      db: h.handle.db,
      config: parseAuthConfig({ externalUrl: `${TEST_URL}/auth/v1`, passwordHashing: { memoryCost: 256, timeCost: 1 }, ...config }),
      outbox: createOutbox({ db: h.handle.db }),
    });
    const response = await new Hono().route("/auth/v1", restarted.app).fetch(
      new Request(`${TEST_URL}/auth/v1/otp`, {
        method: "POST",
        headers: { apikey: restarted.keys.anonKey, "content-type": "application/json" },
        body: JSON.stringify({ phone: "+8613700000023" }),
      }),
    );
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ error_code: "over_sms_send_rate_limit" });
  });
});

describe("no SMS sender", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", {}, { devSms: false });
  });
  afterAll(() => h.close());

  it("fails SMS sends with GoTrue's error instead of pretending to send", async () => {
    // Over fetch: supabase-js turns any 5xx into a retryable error without the body's code.
    const response = await h.fetch(`${TEST_URL}/auth/v1/otp`, {
      method: "POST",
      headers: { apikey: h.service.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ phone: "+8613600000001" }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error_code: "sms_send_failed", msg: "Error sending SMS OTP" });
    await expect(h.lastMessage("+8613600000001")).rejects.toThrow(/no outbox message/);
  });
});
