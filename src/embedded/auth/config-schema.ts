import { z } from "@/lib/zod";
import { DEFAULT_TARPIT_LIMITS } from "./refusal-tarpit";

/**
 * GoTrue-style configuration of the embedded auth service. Every field has a default so an empty
 * environment works; `authConfigFromEnv` (config.ts) reads `AUTH_*` variables or a JSON file with the same
 * (camelCase) fields as `authConfigSchema`.
 */

const rateLimit = z.object({
  /** Requests allowed per window, per IP and separately per identifier (email / phone). */
  max: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
});

/** One WeChat application: its AppID (wx + 16 hex digits) and AppSecret. */
const wechatApp = z.object({ appId: z.string().regex(/^wx[0-9a-zA-Z]{16}$/), appSecret: z.string().min(1) });

const defaultWechat = { openBaseUrl: "https://open.weixin.qq.com", apiBaseUrl: "https://api.weixin.qq.com" };

const defaultRateLimits = {
  signIn: { max: 150, windowSeconds: 300 },
  signUp: { max: 30, windowSeconds: 300 },
  otp: { max: 30, windowSeconds: 300 },
  resend: { max: 30, windowSeconds: 300 },
  verify: { max: 30, windowSeconds: 300 },
  mfa: { max: 30, windowSeconds: 60 },
  /** SMS codes sent (sign-up, OTP, resend, phone change), per phone number and per IP. */
  sms: { max: 5, windowSeconds: 3600 },
  /** SMS codes sent per number block (the number without its last 4 digits: a range a pumper buys). */
  smsPrefix: { max: 30, windowSeconds: 3600 },
  /** SMS codes one IP gets without a human check (captcha); past this, one is needed per send. */
  smsCaptchaIp: { max: 3, windowSeconds: 3600 },
  /** SMS codes one number block gets without a human check. */
  smsCaptchaPrefix: { max: 10, windowSeconds: 3600 },
};

export const CAPTCHA_PROVIDERS = ["pow", "hcaptcha", "turnstile", "tencent", "aliyun"] as const;

const defaultCaptcha = { provider: "pow" as const, powDifficulty: 17, powTtlSeconds: 300 };

export const authConfigSchema = z.object({
  /** Public URL of the site (default redirect target, issuer of TOTP factors). */
  siteUrl: z.url().default("http://localhost:3000"),
  /** Absolute URL under which this service is reachable (used in mail links), e.g. http://localhost:3000/auth/v1. */
  externalUrl: z.url().optional(),
  /** Extra allowed `redirect_to` targets (globs, `*` stays within one path/host segment). */
  redirectAllowList: z.array(z.string().min(1)).default([]),
  /** JWT `iss` of access tokens and API keys. Default: externalUrl. */
  issuer: z.string().optional(),
  /** `aud` values accepted in tokens (a user's `aud` is "authenticated" unless an admin set another). */
  jwtAudiences: z.array(z.string().min(1)).min(1).default(["authenticated"]),
  /** Browser origins besides the site's that may call the service cross-origin (CORS). */
  corsAllowedOrigins: z.array(z.url()).default([]),
  /**
   * Development only: any port of localhost / 127.0.0.1 / [::1] counts as the site, for
   * `redirect_to` and CORS. Off unless NODE_ENV is development or test (see authConfigFromEnv).
   */
  developmentLoopback: z.boolean().default(false),
  /**
   * Development without a configured site URL: mail links go to the loopback origin the request's
   * (validated) `redirect_to` names, so `npm run dev` on any port gets working links.
   */
  linksFollowRedirectOrigin: z.boolean().default(false),
  autoconfirm: z.boolean().default(false),
  smsAutoconfirm: z.boolean().optional(),
  anonymousSignIns: z.boolean().default(false),
  disableSignup: z.boolean().default(false),
  emailEnabled: z.boolean().default(true),
  phoneEnabled: z.boolean().default(true),
  secureEmailChange: z.boolean().default(false),
  passwordChangeRequiresReauthentication: z.boolean().default(false),
  manualLinking: z.boolean().default(false),
  /** Path of a JWK set whose keys carry private parts and `kid`; the first signs, all verify. */
  jwksFile: z.string().optional(),
  /** Inline JWK set (what the file would hold), mainly for tests. */
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }).optional(),
  /** Legacy shared secret: HS256 tokens signed with it are also accepted. */
  jwtSecret: z.string().min(16).optional(),
  accessTokenLifetimeSeconds: z.number().int().min(30).max(604800).default(3600),
  refreshTokenReuseIntervalSeconds: z.number().int().min(0).default(10),
  otpLength: z.number().int().min(6).max(10).default(6),
  otpExpirySeconds: z.number().int().positive().default(3600),
  smsOtpExpirySeconds: z.number().int().positive().default(300),
  /** Minimum gap between two mails / SMS of the same kind to the same user. */
  minMailIntervalSeconds: z.number().int().min(0).default(60),
  flowStateExpirySeconds: z.number().int().positive().default(300),
  mfaMaxFactors: z.number().int().positive().default(10),
  /** Wrong codes one e-mail / SMS code survives: the next wrong one burns it (GoTrue-style 403 otp_expired). */
  otpMaxAttempts: z.number().int().positive().default(5),
  /** Wrong codes one MFA challenge survives before it is burnt and a new challenge is needed. */
  mfaMaxAttemptsPerChallenge: z.number().int().positive().default(5),
  /** Wrong MFA codes one factor accepts across all its challenges within the window (kept in the database). */
  mfaFactorFailures: rateLimit.default({ max: 15, windowSeconds: 900 }),
  /** SMS the service sends per UTC day, all numbers together (SMS pumping budget, kept in the database). */
  smsDailyLimit: z.number().int().min(0).default(500),
  /**
   * Country calling codes SMS may go to (E.164, without +). Premium-rate ranges abroad are what SMS
   * pumping profits from; a number outside the list is refused before anything is stored or sent.
   */
  smsAllowedCountries: z.array(z.string().regex(/^[1-9]\d{0,2}$/, "国家/地区代码是 1–3 位数字，例如 86")).min(1).default(["86"]),
  /**
   * The human check asked for past the `smsCaptcha*` thresholds, carried as GoTrue's
   * `gotrue_meta_security.captcha_token`. `pow`: a self-hosted proof of work (no third party); the
   * others are verified server-side with their verify API (see ./captcha).
   */
  captcha: z
    .object({
      provider: z.enum(CAPTCHA_PROVIDERS).default(defaultCaptcha.provider),
      /** hCaptcha / Turnstile secret, Tencent AppSecretKey; for `pow` the challenges' HMAC key (default: derived from the service's keys). */
      secret: z.string().min(1).optional(),
      /** What the browser widget needs: hCaptcha / Turnstile site key, Tencent CaptchaAppId, Aliyun SceneId. */
      siteKey: z.string().min(1).optional(),
      /** Aliyun's 身份标 (prefix): public, the 2.0 widget asks for it beside the SceneId. */
      aliyunPrefix: z.string().min(1).optional(),
      /** Cloud API credentials: Tencent SecretId / SecretKey, Aliyun AccessKey ID / Secret. */
      apiKeyId: z.string().min(1).optional(),
      apiKeySecret: z.string().min(1).optional(),
      /** The provider's verify endpoint (default: its public one; tests: a local fake). */
      verifyUrl: z.url().optional(),
      /** Leading zero bits the proof of work's SHA-256 needs (17 ≈ 130 000 hashes, a second or two on a phone). */
      powDifficulty: z.number().int().min(1).max(30).default(defaultCaptcha.powDifficulty),
      powTtlSeconds: z.number().int().min(30).max(3600).default(defaultCaptcha.powTtlSeconds),
    })
    .default(defaultCaptcha),
  rateLimits: z
    .object({
      signIn: rateLimit.default(defaultRateLimits.signIn),
      signUp: rateLimit.default(defaultRateLimits.signUp),
      otp: rateLimit.default(defaultRateLimits.otp),
      resend: rateLimit.default(defaultRateLimits.resend),
      verify: rateLimit.default(defaultRateLimits.verify),
      mfa: rateLimit.default(defaultRateLimits.mfa),
      sms: rateLimit.default(defaultRateLimits.sms),
      smsPrefix: rateLimit.default(defaultRateLimits.smsPrefix),
      smsCaptchaIp: rateLimit.default(defaultRateLimits.smsCaptchaIp),
      smsCaptchaPrefix: rateLimit.default(defaultRateLimits.smsCaptchaPrefix),
    })
    .default(defaultRateLimits),
  /** Development only: phone (E.164 without +) → fixed SMS code. */
  smsTestOtps: z.record(z.string(), z.string()).default({}),
  passwordMinLength: z.number().int().min(6).max(72).default(6),
  /** Character groups of which the password must contain at least one each, e.g. ["abc…", "0123456789"]. */
  passwordRequiredCharacters: z.array(z.string().min(1)).default([]),
  /**
   * The pause before a refused password sign-in's 429 (refusal-tarpit.ts): `baseMs` at first, doubling
   * every `doubleEvery` answered refusals of the address or account, up to `maxMs`.
   */
  refusalPause: z
    .object({
      baseMs: z.number().int().min(0).max(60_000).default(DEFAULT_TARPIT_LIMITS.baseMs),
      maxMs: z.number().int().min(0).max(600_000).default(DEFAULT_TARPIT_LIMITS.maxMs),
      doubleEvery: z.number().int().min(1).default(DEFAULT_TARPIT_LIMITS.doubleEvery),
      rememberMs: z.number().int().min(1_000).default(DEFAULT_TARPIT_LIMITS.rememberMs),
    })
    .default(DEFAULT_TARPIT_LIMITS),
  /** argon2id cost; tests lower it to stay fast. */
  passwordHashing: z
    .object({ memoryCost: z.number().int().min(8).default(19456), timeCost: z.number().int().min(1).default(2) })
    .default({ memoryCost: 19456, timeCost: 2 }),
  /**
   * OAuth 2.0 providers offered by /authorize: name → endpoints and client credentials. The user
   * info endpoint must answer JSON with `sub` or `id`, and optionally `email`, `email_verified`,
   * `name`, `picture` / `avatar_url` (OpenID Connect's claims; GitHub-like `id` works too).
   */
  externalProviders: z
    .record(
      z.string().regex(/^[a-z0-9_-]{2,32}$/),
      z.object({
        clientId: z.string().min(1),
        clientSecret: z.string().default(""),
        authorizeUrl: z.url(),
        tokenUrl: z.url(),
        userInfoUrl: z.url(),
        scopes: z.string().optional(),
      }),
    )
    .refine((providers) => !("wechat" in providers), "wechat 由 WECHAT_* 变量配置，不能写在 AUTH_EXTERNAL_PROVIDERS 里")
    .default({}),
  /**
   * WeChat sign-in (provider `wechat`, not OAuth 2.0 enough for `externalProviders`): the open
   * platform's 网站应用 (微信扫码登录, desktop) and / or an official account (公众号网页授权, inside
   * WeChat). The base URLs are for tests against a local fake.
   */
  wechat: z
    .object({
      open: wechatApp.optional(),
      mp: wechatApp.optional(),
      openBaseUrl: z.url().default(defaultWechat.openBaseUrl),
      apiBaseUrl: z.url().default(defaultWechat.apiBaseUrl),
    })
    .default(defaultWechat),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;
export type AuthConfigInput = z.input<typeof authConfigSchema>;
export type RateLimitName = keyof AuthConfig["rateLimits"];

export class InvalidAuthConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`认证服务配置有误：\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidAuthConfigError";
  }
}

export function parseAuthConfig(input: unknown): AuthConfig {
  const result = authConfigSchema.safeParse(input);
  if (result.success) return result.data;
  throw new InvalidAuthConfigError(
    result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
}
