import { isAuthError, isAuthRetryableFetchError, isAuthWeakPasswordError } from "@supabase/supabase-js";
import { isChineseText } from "@/lib/chinese-text";
import { ApiError } from "@/lib/fetch";

/** Chinese wording for auth-service error codes the browser flows can hit (the API routes translate theirs). */
const messagesByCode: Record<string, string> = {
  invalid_credentials: "账号或密码错误",
  email_not_confirmed: "邮箱尚未验证，请先点击验证邮件中的链接",
  phone_not_confirmed: "手机号尚未验证",
  email_exists: "该邮箱已被其他账号使用",
  phone_exists: "该手机号已被其他账号使用",
  weak_password: "密码强度不足",
  same_password: "新密码不能与旧密码相同",
  otp_expired: "验证码错误或已过期",
  otp_disabled: "暂不支持验证码登录",
  over_request_rate_limit: "操作过于频繁，请稍后再试",
  over_email_send_rate_limit: "邮件发送过于频繁，请稍后再试",
  over_sms_send_rate_limit: "短信发送过于频繁，请稍后再试",
  reauthentication_needed: "修改密码前需要重新验证身份",
  reauthentication_not_valid: "身份验证码错误或已过期",
  insufficient_aal: "该操作需要先完成两步验证，请重新登录并输入动态验证码",
  mfa_verification_failed: "动态验证码错误，请重试",
  mfa_challenge_expired: "验证已过期，请重新输入验证码",
  mfa_factor_not_found: "找不到该验证方式，请刷新后重试",
  mfa_factor_name_conflict: "已存在同名的验证方式",
  too_many_enrolled_mfa_factors: "验证方式数量已达上限，请先移除不再使用的验证方式",
  session_not_found: "登录状态已失效，请重新登录",
  session_expired: "登录状态已过期，请重新登录",
  refresh_token_not_found: "登录状态已失效，请重新登录",
  user_not_found: "账号不存在",
  user_banned: "该账号已被停用",
  validation_failed: "请求参数无效",
  bad_code_verifier: "验证链接需要在发起操作的同一浏览器中打开",
  pkce_code_verifier_not_found: "验证链接需要在发起操作的同一浏览器中打开",
  flow_state_not_found: "验证链接已失效，请重新发起",
  flow_state_expired: "验证链接已过期，请重新发起",
  email_address_invalid: "邮箱地址无效，请检查后重试",
  email_address_not_authorized: "该邮箱暂时无法接收邮件，请换一个邮箱",
  user_already_exists: "该账号已注册，请直接登录",
  signup_disabled: "暂未开放注册",
  email_provider_disabled: "暂不支持邮箱登录",
  phone_provider_disabled: "暂不支持手机号登录",
  sms_send_failed: "短信发送失败，请稍后重试",
  sms_country_not_allowed: "暂不支持向该国家或地区的手机号发送短信",
  bad_jwt: "登录状态无效，请重新登录",
  no_authorization: "请先登录",
  request_timeout: "请求超时，请稍后重试",
  identity_already_exists: "该第三方账号已绑定其他用户",
  manual_linking_disabled: "暂不支持绑定第三方账号",
  provider_disabled: "暂不支持该登录方式",
  captcha_failed: "人机验证失败，请重试",
  bad_oauth_state: "第三方登录已失效，请重新发起",
  bad_oauth_callback: "第三方登录未完成，请重新发起",
};

function weakPasswordReason(reason: string): string {
  if (reason === "length") return "长度不够";
  if (reason === "characters") return "需要包含更多种类的字符";
  if (reason === "pwned") return "该密码已在数据泄露中出现";
  return reason;
}

/** A message a user can act on, for any error a flow can throw (auth-js errors, our API's errors). */
export function authErrorText(error: unknown, fallback = "操作失败，请稍后重试"): string {
  if (error instanceof ApiError) return error.message;
  if (isAuthRetryableFetchError(error)) return "网络连接失败，请检查网络后重试";
  if (isAuthWeakPasswordError(error)) {
    const reasons = error.reasons.map(weakPasswordReason).join("、");
    return reasons ? `${messagesByCode.weak_password}：${reasons}` : messagesByCode.weak_password!;
  }
  if (isAuthError(error)) {
    if (error.code && messagesByCode[error.code]) return messagesByCode[error.code]!;
    if (error.name === "AuthSessionMissingError") return "登录状态已失效，请重新登录";
    // PKCE links opened in another browser lack the code verifier kept by the browser that asked.
    if (/code verifier/i.test(error.message)) return messagesByCode.bad_code_verifier!;
  }
  // Our own errors are Chinese; a library's or the auth service's English text is logged, not shown.
  if (error instanceof Error && isChineseText(error.message)) return error.message;
  if (error instanceof Error) console.warn("[auth]", error.message);
  return fallback;
}
