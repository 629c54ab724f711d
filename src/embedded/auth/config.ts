import { readFileSync } from "node:fs";
import { z } from "@/lib/zod";
import { InvalidAuthConfigError, parseAuthConfig, type AuthConfig } from "./config-schema";

/**
 * The embedded auth service's configuration from `AUTH_*` / `WECHAT_*` variables or a JSON file with
 * the same (camelCase) fields as `authConfigSchema` (config-schema.ts: what the fields are).
 */
export {
  authConfigSchema,
  CAPTCHA_PROVIDERS,
  InvalidAuthConfigError,
  parseAuthConfig,
  type AuthConfig,
  type AuthConfigInput,
  type RateLimitName,
} from "./config-schema";

const bool = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : ["1", "true", "yes", "on"].includes(value.toLowerCase());
const int = (value: string | undefined) => (value === undefined || value === "" ? undefined : Number(value));
const text = (value: string | undefined) => (value === undefined || value === "" ? undefined : value);
const list = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : value.split(",").map((item) => item.trim()).filter(Boolean);

/** "max/windowSeconds", e.g. "30/300". */
function rateLimitFromEnv(value: string | undefined) {
  const match = value?.match(/^\s*(\d+)\s*\/\s*(\d+)\s*$/);
  return match ? { max: Number(match[1]), windowSeconds: Number(match[2]) } : undefined;
}

/** "15551234567:123456,8613800000000:654321". */
function smsTestOtpsFromEnv(value: string | undefined) {
  if (!value) return undefined;
  return Object.fromEntries(
    value.split(",").map((pair) => pair.split(":").map((part) => part.trim().replace(/^\+/, "")) as [string, string]),
  );
}

const wechatEnvSchema = z.object({
  WECHAT_OPEN_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{16}$/, "必须是 wx 开头的 18 位 AppID").optional(),
  WECHAT_OPEN_APP_SECRET: z.string().min(1).optional(),
  WECHAT_MP_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{16}$/, "必须是 wx 开头的 18 位 AppID").optional(),
  WECHAT_MP_APP_SECRET: z.string().min(1).optional(),
  WECHAT_OPEN_BASE_URL: z.url({ message: "必须是完整的网址" }).optional(),
  WECHAT_API_BASE_URL: z.url({ message: "必须是完整的网址" }).optional(),
});

/** `WECHAT_*` → the `wechat` section; an AppID without its AppSecret (or the reverse) stops the start. */
function wechatFromEnv(env: Record<string, string | undefined>) {
  const values = Object.fromEntries(Object.keys(wechatEnvSchema.shape).map((name) => [name, text(env[name]?.trim())]));
  const parsed = wechatEnvSchema.safeParse(values);
  if (!parsed.success) {
    throw new InvalidAuthConfigError(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`));
  }
  const vars = parsed.data;
  const problems: string[] = [];
  const app = (kind: "OPEN" | "MP") => {
    const appId = vars[`WECHAT_${kind}_APP_ID`];
    const appSecret = vars[`WECHAT_${kind}_APP_SECRET`];
    if (!appId !== !appSecret) problems.push(`WECHAT_${kind}_APP_ID 与 WECHAT_${kind}_APP_SECRET 必须同时设置`);
    return appId && appSecret ? { appId, appSecret } : undefined;
  };
  const section = dropUndefined({ open: app("OPEN"), mp: app("MP"), openBaseUrl: vars.WECHAT_OPEN_BASE_URL, apiBaseUrl: vars.WECHAT_API_BASE_URL });
  if (problems.length > 0) throw new InvalidAuthConfigError(problems);
  return Object.keys(section).length > 0 ? section : undefined;
}

function dropUndefined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function jsonFromEnv(name: string, value: string | undefined): unknown {
  if (value === undefined || value.trim() === "") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new InvalidAuthConfigError([`${name}: not valid JSON`]);
  }
}

/** Builds the configuration from `AUTH_*` variables; a JSON `file` (if given) supplies the base values. */
export function authConfigFromEnv(env: Record<string, string | undefined>, file?: string): AuthConfig {
  const base = file ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  const rateLimits = dropUndefined({
    signIn: rateLimitFromEnv(env.AUTH_RATE_LIMIT_SIGN_IN),
    signUp: rateLimitFromEnv(env.AUTH_RATE_LIMIT_SIGN_UP),
    otp: rateLimitFromEnv(env.AUTH_RATE_LIMIT_OTP),
    resend: rateLimitFromEnv(env.AUTH_RATE_LIMIT_RESEND),
    verify: rateLimitFromEnv(env.AUTH_RATE_LIMIT_VERIFY),
    mfa: rateLimitFromEnv(env.AUTH_RATE_LIMIT_MFA),
    sms: rateLimitFromEnv(env.AUTH_RATE_LIMIT_SMS),
    smsPrefix: rateLimitFromEnv(env.AUTH_RATE_LIMIT_SMS_PREFIX),
    smsCaptchaIp: rateLimitFromEnv(env.AUTH_SMS_CAPTCHA_AFTER_IP),
    smsCaptchaPrefix: rateLimitFromEnv(env.AUTH_SMS_CAPTCHA_AFTER_PREFIX),
  });
  const captcha = dropUndefined({
    provider: text(env.AUTH_CAPTCHA_PROVIDER),
    secret: text(env.AUTH_CAPTCHA_SECRET),
    siteKey: text(env.AUTH_CAPTCHA_SITE_KEY),
    aliyunPrefix: text(env.AUTH_CAPTCHA_ALIYUN_PREFIX),
    apiKeyId: text(env.AUTH_CAPTCHA_API_KEY_ID),
    apiKeySecret: text(env.AUTH_CAPTCHA_API_KEY_SECRET),
    verifyUrl: text(env.AUTH_CAPTCHA_VERIFY_URL),
    powDifficulty: int(env.AUTH_CAPTCHA_POW_DIFFICULTY),
  });
  const fromEnv = dropUndefined({
    siteUrl: text(env.AUTH_SITE_URL) ?? text(env.SITE_URL),
    externalUrl: text(env.AUTH_EXTERNAL_URL),
    redirectAllowList: list(env.AUTH_REDIRECT_ALLOW_LIST),
    issuer: text(env.AUTH_JWT_ISSUER),
    jwtAudiences: list(env.AUTH_JWT_AUDIENCES),
    corsAllowedOrigins: list(env.AUTH_CORS_ALLOWED_ORIGINS),
    developmentLoopback: bool(env.AUTH_DEVELOPMENT_LOOPBACK) ?? (env.NODE_ENV === "development" || env.NODE_ENV === "test" ? true : undefined),
    linksFollowRedirectOrigin: env.NODE_ENV === "development" && !text(env.AUTH_SITE_URL) && !text(env.SITE_URL) && !text(env.AUTH_EXTERNAL_URL) ? true : undefined,
    autoconfirm: bool(env.AUTH_AUTOCONFIRM),
    smsAutoconfirm: bool(env.AUTH_SMS_AUTOCONFIRM),
    anonymousSignIns: bool(env.AUTH_ANONYMOUS_SIGN_INS),
    disableSignup: bool(env.AUTH_DISABLE_SIGNUP),
    emailEnabled: bool(env.AUTH_EMAIL_ENABLED),
    phoneEnabled: bool(env.AUTH_PHONE_ENABLED),
    secureEmailChange: bool(env.AUTH_SECURE_EMAIL_CHANGE),
    passwordChangeRequiresReauthentication: bool(env.AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION),
    manualLinking: bool(env.AUTH_MANUAL_LINKING),
    jwksFile: text(env.AUTH_JWKS_FILE),
    jwtSecret: text(env.AUTH_JWT_SECRET),
    accessTokenLifetimeSeconds: int(env.AUTH_JWT_EXPIRY),
    refreshTokenReuseIntervalSeconds: int(env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL),
    otpLength: int(env.AUTH_OTP_LENGTH),
    otpExpirySeconds: int(env.AUTH_OTP_EXPIRY),
    minMailIntervalSeconds: int(env.AUTH_MIN_MAIL_INTERVAL),
    smsTestOtps: smsTestOtpsFromEnv(env.AUTH_SMS_TEST_OTPS),
    otpMaxAttempts: int(env.AUTH_OTP_MAX_ATTEMPTS),
    smsDailyLimit: int(env.AUTH_SMS_DAILY_LIMIT),
    smsAllowedCountries: list(env.AUTH_SMS_ALLOWED_COUNTRIES)?.map((code) => code.replace(/^\+/, "")),
    captcha: Object.keys(captcha).length > 0 ? { ...((base.captcha ?? {}) as Record<string, unknown>), ...captcha } : undefined,
    passwordMinLength: int(env.AUTH_PASSWORD_MIN_LENGTH),
    passwordRequiredCharacters: list(env.AUTH_PASSWORD_REQUIRED_CHARACTERS),
    externalProviders: jsonFromEnv("AUTH_EXTERNAL_PROVIDERS", env.AUTH_EXTERNAL_PROVIDERS),
    wechat: wechatFromEnv(env),
  });
  const baseRateLimits = (base.rateLimits ?? {}) as Record<string, unknown>;
  return parseAuthConfig({ ...base, ...fromEnv, rateLimits: { ...baseRateLimits, ...rateLimits } });
}
