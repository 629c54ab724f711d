import type { CheckoutAvailability } from "../../checkout-methods";

/** The part of an auth user (GoTrue's `identities`) that carries WeChat's openids. */
type UserIdentities = { identities?: { provider: string; identity_data?: Record<string, unknown> }[] } | null;

/**
 * The 公众号 openid of the user's WeChat sign-in (网页授权 inside WeChat stores it as `openid_mp`).
 * JSAPI payment needs exactly that openid: WECHAT_PAY_APP_ID must be the same 公众号 as the sign-in's.
 */
export function wechatMpOpenId(user: UserIdentities): string | undefined {
  const identity = user?.identities?.find((candidate) => candidate.provider === "wechat");
  const openid = identity?.identity_data?.openid_mp;
  return typeof openid === "string" && openid ? openid : undefined;
}

export function wechatJsapiState(wechatPayOn: boolean, user: UserIdentities): CheckoutAvailability["wechatJsapi"] {
  if (!wechatPayOn || !user) return null;
  return wechatMpOpenId(user) ? "ready" : "needs-wechat-sign-in";
}
