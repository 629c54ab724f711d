import { AuthApiError, AuthError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { authErrorText } from "./auth-error-text";

describe("authErrorText", () => {
  it("says a known auth error code in Chinese", () => {
    expect(authErrorText(new AuthApiError("Invalid login credentials", 400, "invalid_credentials"))).toBe("账号或密码错误");
  });

  it("explains the SMS pumping refusals (a number abroad, a failed human check)", () => {
    expect(authErrorText(new AuthApiError("Sending SMS to this country or region is not allowed", 422, "sms_country_not_allowed"))).toBe("暂不支持向该国家或地区的手机号发送短信");
    expect(authErrorText(new AuthApiError("captcha protection: request disallowed (no captcha_token found)", 400, "captcha_failed"))).toBe("人机验证失败，请重试");
  });

  it("never shows a library's or the auth service's English text", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(authErrorText(new AuthError("Invalid UTF-8 sequence"))).toBe("操作失败，请稍后重试");
    expect(authErrorText(new TypeError("Invalid UTF-8 sequence"), "验证失败，请重试")).toBe("验证失败，请重试");
    expect(warn).toHaveBeenCalledWith("[auth]", "Invalid UTF-8 sequence");
    warn.mockRestore();
  });

  it("keeps our own Chinese messages", () => {
    expect(authErrorText(new Error("两次输入的密码不一致"))).toBe("两次输入的密码不一致");
  });
});
