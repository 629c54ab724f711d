import { AuthApiError } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { toAuthRouteError } from "./auth-error-message";

describe("toAuthRouteError", () => {
  it("speaks Chinese for the SMS answers a gateway can cause, and hides other server errors", () => {
    expect(toAuthRouteError(new AuthApiError("SMS rate limit exceeded", 429, "over_sms_send_rate_limit"))).toMatchObject({ statusCode: 429, message: "短信发送过于频繁，请稍后再试" });
    expect(toAuthRouteError(new AuthApiError("Invalid phone number format (E.164 required)", 400, "validation_failed"))).toMatchObject({ statusCode: 400, message: "手机号码格式不正确" });
    expect(toAuthRouteError(new AuthApiError("Unable to validate email address: invalid format", 400, "validation_failed"))).toMatchObject({ message: "请求参数无效" });
    expect(toAuthRouteError(new AuthApiError("Error sending SMS OTP", 500, "sms_send_failed"))).toMatchObject({ statusCode: 500, message: "短信发送失败，请稍后再试" });
    expect(toAuthRouteError(new AuthApiError("boom", 500, "unexpected_failure"))).toMatchObject({ message: "认证服务暂时不可用，请稍后重试" });
    expect(toAuthRouteError(new AuthApiError("Sending SMS to this country or region is not allowed", 422, "sms_country_not_allowed"))).toMatchObject({ statusCode: 422, message: "暂不支持向该国家或地区的手机号发送短信" });
    expect(toAuthRouteError(new AuthApiError("captcha protection: request disallowed (timeout-or-duplicate)", 400, "captcha_failed"))).toMatchObject({ statusCode: 400, message: "人机验证失败，请重试" });
  });
});
