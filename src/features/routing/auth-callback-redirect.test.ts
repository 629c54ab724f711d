import { describe, expect, it } from "vitest";
import { authCallbackRedirectTarget } from "./auth-callback-redirect";

const at = (pathname: string, search = "", hash = "") => authCallbackRedirectTarget({ pathname, search, hash });

describe("authCallbackRedirectTarget", () => {
  it("moves an expired-link error at / to the callback, query or hash", () => {
    expect(at("/", "?error=access_denied&error_code=otp_expired")).toBe(
      "/auth/callback?error=access_denied&error_code=otp_expired",
    );
    expect(at("/", "", "#error=access_denied&error_code=otp_expired&error_description=x")).toBe(
      "/auth/callback#error=access_denied&error_code=otp_expired&error_description=x",
    );
  });

  it("needs both the error and its code, and only at /", () => {
    expect(at("/", "?error=access_denied")).toBeNull();
    expect(at("/", "?error_code=otp_expired")).toBeNull();
    expect(at("/pricing", "?error=access_denied&error_code=otp_expired")).toBeNull();
  });

  it("moves any page carrying an access token, alone or with a refresh token", () => {
    expect(at("/pricing", "?access_token=a")).toBe("/auth/callback?access_token=a");
    expect(at("/docs/x", "?q=1", "#access_token=a&refresh_token=b&type=signup")).toBe(
      "/auth/callback?q=1#access_token=a&refresh_token=b&type=signup",
    );
  });

  it("never redirects the callback itself or ordinary visits", () => {
    expect(at("/auth/callback", "?access_token=a", "#access_token=a")).toBeNull();
    expect(at("/", "?utm=x", "#section")).toBeNull();
    expect(at("/dashboard")).toBeNull();
  });
});
