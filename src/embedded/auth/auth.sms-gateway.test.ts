import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTencentSmsProvider } from "@/embedded/outbox/sms/tencent-sms";
import { FakeTencentSms } from "@/embedded/outbox/sms/testing/fake-tencent-sms";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

// Issue 20, part 7: with a Chinese SMS gateway configured, the phone flows send their codes through
// it (here 腾讯云短信, against its local fake), the gateway's refusals keep their meaning, and the
// codes never land in the dev outbox.

describe("phone sign-up through a real SMS gateway", () => {
  const fake = new FakeTencentSms();
  let h: AuthHarness;
  beforeAll(async () => {
    const endpoint = await fake.start();
    const smsProvider = createTencentSmsProvider({ secretId: fake.secretId, secretKey: fake.secretKey, sdkAppId: "1400000000", signName: "思维火花", templateId: "1234567", endpoint });
    h = await createAuthHarness("pglite", { rateLimits: { sms: { max: 100, windowSeconds: 3600 } } }, { smsProvider, devSms: false });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("delivers the code through the gateway: the user confirms with it, and the outbox keeps no code", async () => {
    const supabase = h.client();
    const { error } = await supabase.auth.signUp({ phone: "+8613800000011", password: "secret123" });
    expect(error).toBeNull();
    const delivered = fake.sent.at(-1)!;
    expect(delivered).toMatchObject({ phone: "+8613800000011", signName: "思维火花", template: "1234567" });
    const verified = await supabase.auth.verifyOtp({ phone: "+8613800000011", token: delivered.params[0]!, type: "sms" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
    const logged = await h.lastMessage("+8613800000011");
    expect(logged).toMatchObject({ channel: "sms", delivery: "sms-provider", code: null, text: null });
  });

  it("answers the gateway's flow control as GoTrue's SMS rate limit, and its failures as sms_send_failed", async () => {
    fake.failNext("LimitExceeded.PhoneNumberThirtySecondLimit");
    const limited = await h.client().auth.signInWithOtp({ phone: "+8613800000012" });
    expect(limited.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    fake.failNext("FailedOperation.InsufficientBalanceInSmsPackage");
    // Over fetch: supabase-js turns any 5xx into a retryable error without the body's code.
    const failed = await h.fetch(`${TEST_URL}/auth/v1/otp`, {
      method: "POST",
      headers: { apikey: h.service.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ phone: "+8613800000013" }),
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error_code: "sms_send_failed", msg: "Error sending SMS OTP" });
  });
});
