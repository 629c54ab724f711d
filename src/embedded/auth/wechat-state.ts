import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { WechatAppKind, WechatSettings } from "./wechat-api";

/*
 * WeChat's `state` is at most 128 characters of [a-zA-Z0-9], too small for our signed state (a JWT).
 * The JWT waits in a short-lived HttpOnly cookie on the callback path; WeChat carries only its
 * SHA-256 (hex) there and back. The callback needs both, and they must match: a state value without
 * the browser's cookie, or a cookie that is not ours, is a bad state.
 */

const COOKIE_PREFIX = "sb-wechat-state-";
const BINDING = /^[0-9a-f]{64}$/;

const bindingOf = (signedState: string) => createHash("sha256").update(signedState).digest("hex");
/** One cookie per round trip (named by the binding), so two tabs signing in do not clash. */
const cookieName = (binding: string) => `${COOKIE_PREFIX}${binding.slice(0, 16)}`;

/**
 * Secure when our address is https, or this request came over https: X-Forwarded-Proto is written by
 * the server in front of us (hardened-server.mjs), "https" only for TLS or a trusted proxy's word.
 */
const servedOverHttps = (c: Context, callbackUrl: string) =>
  callbackUrl.startsWith("https:") || c.req.header("x-forwarded-proto") === "https";

/** The application that fits the browser: the 公众号 inside WeChat, the 网站应用 elsewhere, else the other one. */
export function wechatAppFor(settings: WechatSettings, userAgent: string | undefined): WechatAppKind | undefined {
  const inWechat = /MicroMessenger/i.test(userAgent ?? "");
  const order: WechatAppKind[] = inWechat ? ["mp", "open"] : ["open", "mp"];
  return order.find((kind) => settings[kind] !== undefined);
}

/** Keeps the signed state in the cookie and answers WeChat's authorize URL with its binding. */
export function wechatAuthorizeUrl(
  c: Context,
  settings: WechatSettings,
  kind: WechatAppKind,
  options: { signedState: string; callbackUrl: string; lifetimeSeconds: number },
): string {
  const binding = bindingOf(options.signedState);
  const callback = new URL(options.callbackUrl);
  setCookie(c, cookieName(binding), options.signedState, {
    path: callback.pathname,
    httpOnly: true,
    sameSite: "Lax",
    secure: servedOverHttps(c, options.callbackUrl),
    maxAge: options.lifetimeSeconds,
  });
  const app = settings[kind]!;
  // WeChat checks the parameters in this order, and wants the #wechat_redirect fragment.
  const page = kind === "open" ? "/connect/qrconnect" : "/connect/oauth2/authorize";
  const scope = kind === "open" ? "snsapi_login" : "snsapi_userinfo";
  const query = [
    `appid=${encodeURIComponent(app.appId)}`,
    `redirect_uri=${encodeURIComponent(options.callbackUrl)}`,
    "response_type=code",
    `scope=${scope}`,
    `state=${binding}`,
  ].join("&");
  return `${new URL(page, settings.openBaseUrl).toString()}?${query}#wechat_redirect`;
}

/** The signed state whose binding WeChat sent back (the cookie is spent either way), or undefined. */
export function takeWechatState(c: Context, callbackUrl: string, binding: string | undefined): string | undefined {
  if (!binding || !BINDING.test(binding)) return undefined;
  const name = cookieName(binding);
  const signedState = getCookie(c, name);
  if (signedState === undefined) return undefined;
  deleteCookie(c, name, { path: new URL(callbackUrl).pathname, secure: servedOverHttps(c, callbackUrl) });
  const expected = Buffer.from(bindingOf(signedState));
  return timingSafeEqual(expected, Buffer.from(binding)) ? signedState : undefined;
}
