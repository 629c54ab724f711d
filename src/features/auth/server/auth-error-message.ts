import { isAuthError } from "@supabase/supabase-js";
import { ApiRouteError } from "@/lib/api";

/** Chinese wording for the auth service's error codes the sign-in and sign-up flows can hit. */
const messagesByCode: Record<string, string> = {
  invalid_credentials: "账号或密码错误",
  email_not_confirmed: "邮箱尚未验证，请先点击验证邮件中的链接",
  phone_not_confirmed: "手机号尚未验证",
  user_already_exists: "该账号已注册，请直接登录",
  email_exists: "该邮箱已被注册",
  phone_exists: "该手机号已被注册",
  weak_password: "密码强度不足",
  otp_expired: "验证码错误或已过期",
  over_request_rate_limit: "操作过于频繁，请稍后再试",
  over_email_send_rate_limit: "邮件发送过于频繁，请稍后再试",
  over_sms_send_rate_limit: "短信发送过于频繁，请稍后再试",
  sms_send_failed: "短信发送失败，请稍后再试",
  sms_country_not_allowed: "暂不支持向该国家或地区的手机号发送短信",
  captcha_failed: "人机验证失败，请重试",
  too_many_requests: "尝试次数过多，请稍后再试",
  signup_disabled: "暂未开放注册",
  email_provider_disabled: "暂不支持邮箱注册",
  phone_provider_disabled: "暂不支持手机号注册",
  provider_disabled: "暂不支持该登录方式",
  validation_failed: "请求参数无效",
  user_banned: "该账号已被停用",
  same_password: "新密码不能与旧密码相同",
  reauthentication_needed: "修改密码前需要重新验证身份",
  reauthentication_not_valid: "身份验证码错误或已过期",
};

/** Turns an auth-service error into an `ApiRouteError` with the service's status and a Chinese message. */
export function toAuthRouteError(error: unknown): ApiRouteError {
  if (!isAuthError(error)) return new ApiRouteError(500, "认证服务暂时不可用，请稍后重试");
  const status = typeof error.status === "number" && error.status >= 400 ? error.status : 400;
  let message = (error.code && messagesByCode[error.code]) ?? error.message;
  if (error.code === "weak_password" && "reasons" in error && Array.isArray(error.reasons) && error.reasons.length > 0) {
    message = `${message}：${error.reasons.map(weakPasswordReason).join("、")}`;
  }
  if (error.code === "validation_failed" && /phone number/i.test(error.message)) message = "手机号码格式不正确";
  if (status >= 500 && error.code !== "sms_send_failed") message = "认证服务暂时不可用，请稍后重试";
  return new ApiRouteError(status, message);
}

function weakPasswordReason(reason: unknown): string {
  if (reason === "length") return "长度不够";
  if (reason === "characters") return "需要包含更多种类的字符";
  if (reason === "pwned") return "该密码已在数据泄露中出现";
  return String(reason);
}
