import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUsers } from "@/lib/db";
import { authConfigFromEnv } from "./config";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

// SMS pumping (attacker's review): numbers of one rented block from many addresses, premium-rate
// countries, and accounts left behind by refused sends. The human check is in auth.sms-captcha.test.ts.

const generous = { max: 1000, windowSeconds: 3600 };
const noHumanCheck = { smsCaptchaIp: generous, smsCaptchaPrefix: generous };

async function phoneRows(h: AuthHarness, phone: string) {
  const digits = phone.replace(/^\+/, "");
  return h.handle.db.select().from(authUsers).where(or(eq(authUsers.phone, digits), eq(authUsers.phoneChange, digits)));
}

async function nothingSentTo(h: AuthHarness, phone: string) {
  await expect(h.lastMessage(phone)).rejects.toThrow(/no outbox message/);
}

describe("one number block from many addresses", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { rateLimits: { otp: generous, sms: { max: 5, windowSeconds: 3600 }, smsPrefix: { max: 5, windowSeconds: 3600 }, ...noHumanCheck } });
  });
  afterAll(() => h.close());

  it("texts 24 numbers of one block from 24 IPs only up to the block's limit, and keeps no account for the rest", async () => {
    const answers = [];
    for (let i = 0; i < 24; i++) {
      const phone = `+861371234${String(i).padStart(4, "0")}`;
      answers.push((await h.clientVia({ clientIp: `198.51.100.${i + 1}` }).auth.signInWithOtp({ phone })).error);
    }
    expect(answers.slice(0, 5)).toEqual([null, null, null, null, null]);
    for (const error of answers.slice(5)) expect(error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    for (let i = 5; i < 24; i++) {
      const phone = `+861371234${String(i).padStart(4, "0")}`;
      await nothingSentTo(h, phone);
      expect(await phoneRows(h, phone)).toEqual([]);
    }
    // Another block is not held back.
    expect((await h.clientVia({ clientIp: "198.51.100.99" }).auth.signInWithOtp({ phone: "+8613912340000" })).error).toBeNull();
  });
});

describe("premium-rate countries", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { rateLimits: { otp: generous, signUp: generous, sms: generous, smsPrefix: generous, ...noHumanCheck } });
  });
  afterAll(() => h.close());

  const premium = ["+88216001234", "+881612345678", "+2474123", "+252612345678", "+870772123456", "+979123456789"];

  it.each(premium)("refuses %s for sign-in codes and phone sign-up, sending and storing nothing", async (phone) => {
    const otp = await h.client().auth.signInWithOtp({ phone });
    expect(otp.error).toMatchObject({ status: 422, code: "sms_country_not_allowed" });
    const signUp = await h.client().auth.signUp({ phone, password: "secret123" });
    expect(signUp.error).toMatchObject({ status: 422, code: "sms_country_not_allowed" });
    await nothingSentTo(h, phone);
    expect(await phoneRows(h, phone)).toEqual([]);
  });

  it("refuses a premium number as a signed-in user's new phone before storing it", async () => {
    await h.admin().auth.admin.createUser({ email: "mover@example.com", password: "secret123", email_confirm: true });
    const supabase = h.client();
    expect((await supabase.auth.signInWithPassword({ email: "mover@example.com", password: "secret123" })).error).toBeNull();
    const { error } = await supabase.auth.updateUser({ phone: "+88216001234" });
    expect(error).toMatchObject({ status: 422, code: "sms_country_not_allowed" });
    await nothingSentTo(h, "+88216001234");
    expect(await phoneRows(h, "+88216001234")).toEqual([]);
    // A mainland number still works for the same user (GoTrue's phone change).
    expect((await supabase.auth.updateUser({ phone: "+8613512340000" })).error).toBeNull();
    expect((await h.lastMessage("+8613512340000")).kind).toBe("phone_change");
  });

  it("answers in GoTrue's error shape", async () => {
    const response = await h.fetch(`${TEST_URL}/auth/v1/otp`, {
      method: "POST",
      headers: { apikey: h.service.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ phone: "+2474123" }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ code: 422, error_code: "sms_country_not_allowed", msg: "Sending SMS to this country or region is not allowed" });
  });

  it("reads the allow-list from AUTH_SMS_ALLOWED_COUNTRIES (default 86)", () => {
    expect(authConfigFromEnv({}).smsAllowedCountries).toEqual(["86"]);
    expect(authConfigFromEnv({ AUTH_SMS_ALLOWED_COUNTRIES: "86, +852,853" }).smsAllowedCountries).toEqual(["86", "852", "853"]);
    expect(() => authConfigFromEnv({ AUTH_SMS_ALLOWED_COUNTRIES: "86,CN" })).toThrow(/smsAllowedCountries/);
  });
});

describe("refused or failed sends leave no account", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", { rateLimits: { otp: generous, signUp: generous, sms: generous, smsPrefix: generous, ...noHumanCheck }, smsDailyLimit: 2 });
  });
  afterAll(() => h.close());

  it("creates no phone account once the daily budget refuses the text", async () => {
    expect((await h.clientVia({ clientIp: "192.0.2.1" }).auth.signInWithOtp({ phone: "+8613600001001" })).error).toBeNull();
    expect((await h.clientVia({ clientIp: "192.0.2.2" }).auth.signUp({ phone: "+8613600002002", password: "secret123" })).error).toBeNull();
    expect(await phoneRows(h, "+8613600002002")).toHaveLength(1);

    const otp = await h.clientVia({ clientIp: "192.0.2.3" }).auth.signInWithOtp({ phone: "+8613600003003" });
    expect(otp.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    expect(await phoneRows(h, "+8613600003003")).toEqual([]);
    const signUp = await h.clientVia({ clientIp: "192.0.2.4" }).auth.signUp({ phone: "+8613600004004", password: "secret123" });
    expect(signUp.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    expect(await phoneRows(h, "+8613600004004")).toEqual([]);
  });
});

describe("a send the SMS sender fails", () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness("pglite", {}, { devSms: false });
  });
  afterAll(() => h.close());

  it("takes back the account it made for the text", async () => {
    const response = await h.fetch(`${TEST_URL}/auth/v1/signup`, {
      method: "POST",
      headers: { apikey: h.service.keys.anonKey, "content-type": "application/json" },
      body: JSON.stringify({ phone: "+8613600005005", password: "secret123" }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error_code: "sms_send_failed" });
    expect(await phoneRows(h, "+8613600005005")).toEqual([]);
    // An account that existed before a failed send is kept.
    await h.admin().auth.admin.createUser({ phone: "+8613600006006", password: "secret123" });
    const again = await h.client().auth.resend({ type: "sms", phone: "+8613600006006" });
    expect(again.error).toMatchObject({ status: 500 });
    expect(await phoneRows(h, "+8613600006006")).toHaveLength(1);
  });
});
