import { describe, expect, it } from "vitest";
import { hasLinkError, readCallbackParams } from "./callback-params";

describe("readCallbackParams", () => {
  it("reads implicit-grant tokens from the hash", () => {
    const params = readCallbackParams({ search: "", hash: "#access_token=a.b.c&refresh_token=r1&type=signup&sb=" });
    expect(params).toMatchObject({ accessToken: "a.b.c", refreshToken: "r1", type: "signup", code: null });
    expect(hasLinkError(params)).toBe(false);
  });

  it("reads link errors from the hash or the query", () => {
    const fromHash = readCallbackParams({
      search: "",
      hash: "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    });
    expect(fromHash.errorDescription).toBe("Email link is invalid or has expired");
    expect(hasLinkError(fromHash)).toBe(true);
    expect(hasLinkError(readCallbackParams({ search: "?error=server_error", hash: "" }))).toBe(true);
  });

  it("reads a PKCE code and our own type from the query", () => {
    expect(readCallbackParams({ search: "?type=recovery&code=abc", hash: "" })).toMatchObject({ code: "abc", type: "recovery" });
  });
});
