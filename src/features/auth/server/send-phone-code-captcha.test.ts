import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";
import { solvePow } from "../components/captcha/solve-pow";
import { callRouteHandler } from "./next-request-scope";

// SMS pumping through the site's own route: the phone-code form's path. Past the IP threshold the
// route answers 428 (the form then solves GET /api/auth/captcha's proof of work and sends again);
// premium countries get a Chinese refusal.
const dataDir = stubEmbeddedAppEnv("phone-captcha", {
  DEV_OUTBOX: "on",
  AUTH_MIN_MAIL_INTERVAL: "0",
  AUTH_SMS_CAPTCHA_AFTER_IP: "1/3600",
  AUTH_CAPTCHA_POW_DIFFICULTY: "8",
});

const { POST } = await import("@/app/api/auth/send-phone-code/route");
const { GET } = await import("@/app/api/auth/captcha/route");
const { closeDatabase } = await import("@/lib/db");
const { getEmbeddedServices } = await import("@/lib/supabase/embedded-services");

async function sendPhoneCode(body: { phone: string; captchaToken?: string }) {
  const request = new Request("http://localhost:3000/api/auth/send-phone-code", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
    body: JSON.stringify(body),
  });
  const response = await callRouteHandler(POST, request);
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe("POST /api/auth/send-phone-code and the human check", () => {
  beforeAll(() => getEmbeddedServices(), 180_000);
  afterAll(async () => {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 428 past the threshold, and sends once the challenge from /api/auth/captcha is solved", async () => {
    expect((await sendPhoneCode({ phone: "+8613800000201" })).status).toBe(200);
    const refused = await sendPhoneCode({ phone: "+8613800000202" });
    expect(refused).toEqual({ status: 428, body: { statusCode: 428, message: "请先完成安全验证" } });

    const answer = await callRouteHandler(GET, new Request("http://localhost:3000/api/auth/captcha"));
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const challenge = (await answer.json()) as { provider: string; challenge: string; difficulty: number };
    expect(challenge).toMatchObject({ provider: "pow", difficulty: 8 });
    const captchaToken = await solvePow(challenge.challenge, challenge.difficulty);
    expect((await sendPhoneCode({ phone: "+8613800000202", captchaToken })).status).toBe(200);
    const reused = await sendPhoneCode({ phone: "+8613800000203", captchaToken });
    expect(reused).toEqual({ status: 400, body: { statusCode: 400, message: "人机验证失败，请重试" } });
  });

  it("refuses premium-rate countries in Chinese", async () => {
    const premium = await sendPhoneCode({ phone: "+88216001234" });
    expect(premium).toEqual({ status: 422, body: { statusCode: 422, message: "暂不支持向该国家或地区的手机号发送短信" } });
  });
});
