import type { NextRequest, NextResponse } from "next/server";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, DEVICE_ID_PATTERN } from "./cookie";

/** The pages that give a browser its device id when it has none: the sign-up page and invitation links. */
export function needsDeviceCookie(pathname: string): boolean {
  return pathname === "/auth/signup" || pathname.startsWith("/invite/");
}

/** Gives the browser a device id (see DEVICE_COOKIE) unless it already has a well-formed one. */
export function setDeviceCookie(request: Pick<NextRequest, "cookies" | "nextUrl">, response: NextResponse): void {
  if (DEVICE_ID_PATTERN.test(request.cookies.get(DEVICE_COOKIE)?.value ?? "")) return;
  response.cookies.set(DEVICE_COOKIE, crypto.randomUUID(), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
    secure: request.nextUrl.protocol === "https:",
  });
}
