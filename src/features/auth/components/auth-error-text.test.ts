import { AuthApiError, AuthError } from "@supabase/supabase-js";
import { describe, expect, it, vi } from "vitest";
import { authErrorText } from "./auth-error-text";

describe("authErrorText", () => {
  it("says a known auth error code in Chinese", () => {
    expect(authErrorText(new AuthApiError("Invalid login credentials", 400, "invalid_credentials"))).toBe("账号或密码错误");
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
