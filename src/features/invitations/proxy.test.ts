import { NextRequest, NextResponse } from "next/server";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "./cookie";
import { needsDeviceCookie, setDeviceCookie } from "./proxy";

const respond = (url: string, cookie?: string) => {
  const request = new NextRequest(url, cookie ? { headers: { cookie } } : {});
  const response = NextResponse.next();
  if (needsDeviceCookie(request.nextUrl.pathname)) setDeviceCookie(request, response);
  return response.headers.get("set-cookie");
};

describe("the device cookie (invitations' per-device bound)", () => {
  it("is given on the sign-up page and invitation links, HttpOnly, SameSite=Lax, for 400 days", () => {
    for (const url of ["http://localhost:3000/auth/signup", "http://localhost:3000/invite/ABCD2345"]) {
      const header = respond(url);
      expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[0-9a-f-]{36}; Path=/; Expires=[^;]+; Max-Age=34560000; HttpOnly; SameSite=lax$`, "i"));
    }
    expect(respond("https://spark.example.com/auth/signup")).toContain("Secure");
  });

  it("keeps a device id the browser has; replaces one that is not a device id; leaves other pages alone", () => {
    expect(respond("http://localhost:3000/auth/signup", `${DEVICE_COOKIE}=0b7c6f7e-8a39-4d47-9c3e-2f1d5b6a7c8d`)).toBeNull();
    expect(respond("http://localhost:3000/auth/signup", `${DEVICE_COOKIE}=forged`)).toMatch(/^spark-device=[0-9a-f-]{36};/);
    expect(respond("http://localhost:3000/dashboard")).toBeNull();
  });
});
