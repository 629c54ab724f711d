import { z } from "@/lib/zod";
import { isJsonObject, optionalText, postgresUrl, textWithDefault, withDefault } from "./env-fields";
import { parseTrustedProxies } from "./net/client-address.mjs";

/**
 * Every environment variable the server reads, validated in one place. Each hosted service has an
 * embedded default, so an empty environment is a valid one. `.env.example` documents each variable.
 */

/** Where the site is when SITE_URL is unset: `npm run dev`'s address. */
export const DEFAULT_SITE_URL = "http://localhost:3000";

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SITE_URL: withDefault(DEFAULT_SITE_URL, z.url({ message: "必须是完整的网址，例如 https://example.com" })),
    DATA_DIR: textWithDefault(".data"),
    DATABASE_URL: optionalText.pipe(postgresUrl.optional()),
    SECURITY_CONTACT: optionalText.pipe(
      z.string().regex(/^(mailto:|https?:\/\/)/, "必须以 mailto: 或 https:// 开头").optional(),
    ),
    SUPABASE_URL: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://xyz.supabase.co" }).optional()),
    SUPABASE_ANON_KEY: optionalText,
    SUPABASE_PUBLISHABLE_KEY: optionalText,
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    SUPABASE_SECRET_KEY: optionalText,
    // Proxies in front of the server (server.mjs): empty = none, a hop count, or IPs / CIDRs.
    TRUSTED_PROXIES: optionalText.superRefine((value, context) => {
      try {
        parseTrustedProxies(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
      }
    }),
    DEV_OUTBOX: optionalText.pipe(z.enum(["on", "off"], { message: "只能是 on 或 off" }).optional()),
    FREE_PLAN_MONTHLY_TOKENS: optionalText.pipe(z.string().regex(/^\d+$/, "必须是非负整数").transform(Number).optional()),
    // Tokens held against the quota for one AI call whose spend is not known beforehand (a Dify app, a
    // model app without max tokens): the month ends at most ~5 % over a quota when answers stay within it.
    AI_CALL_RESERVATION_TOKENS: withDefault("2000", z.coerce.number({ message: "必须是正整数" }).int("必须是正整数").min(1, "必须是正整数").max(1_000_000, "最多 1000000")),
    // Seconds a process's AI calls keep counting after it stopped renewing its lease (it died).
    // 余额 (src/features/wallet): the fixed top-up amounts offered (分, comma-separated), the least custom
    // amount, and the base price of pay-as-you-go tokens (分 per million; an app's 倍率 multiplies it).
    WALLET_TOPUP_AMOUNTS_FEN: withDefault("1000,3000,5000,10000", z.string().regex(/^\d{1,9}(,\d{1,9})*$/, "必须是逗号分隔的分数额，如 1000,5000")),
    WALLET_TOPUP_MIN_FEN: withDefault("100", z.coerce.number({ message: "必须是整数（分）" }).int("必须是整数（分）").min(1, "至少 1 分").max(100_000_000, "最多 100000000 分")),
    PAYG_TOKEN_PRICE_FEN_PER_MILLION: withDefault("1000", z.coerce.number({ message: "必须是整数（分）" }).int("必须是整数（分）").min(0, "不能为负").max(100_000_000, "最多 100000000 分")),
    AI_CALL_LEASE_SECONDS: withDefault("15", z.coerce.number({ message: "必须是秒数" }).int("必须是整数秒").min(1, "至少 1 秒").max(30, "最多 30 秒")),
    // Content safety on every AI call (src/features/content-safety): which provider checks questions and
    // answers, its keys, how long a check may take and what a failed check means.
    MODERATION_PROVIDER: withDefault("words", z.enum(["words", "aliyun", "tencent"], { message: "只能是 words、aliyun 或 tencent" })),
    MODERATION_WORDS_FILE: optionalText,
    MODERATION_TIMEOUT_MS: withDefault("3000", z.coerce.number({ message: "必须是毫秒数" }).int("必须是整数").min(100, "至少 100 毫秒").max(30_000, "最多 30000 毫秒")),
    MODERATION_FAIL: withDefault("open", z.enum(["open", "closed"], { message: "只能是 open 或 closed" })),
    MODERATION_ACCESS_KEY_ID: optionalText,
    MODERATION_ACCESS_KEY_SECRET: optionalText,
    MODERATION_REGION: optionalText,
    MODERATION_ENDPOINT: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://green-cip.cn-shanghai.aliyuncs.com" }).optional()),
    // Repeated hits ban the user (src/features/content-safety/server/repeat-hit-ban.ts): this many hits
    // within the window ban for the given minutes; 0 hits = off. The console's 内容安全 overrides them.
    MODERATION_BAN_HITS: withDefault("0", z.coerce.number({ message: "必须是次数" }).int("必须是整数").min(0, "不能为负").max(1000, "最多 1000 次")),
    MODERATION_BAN_WINDOW_MINUTES: withDefault("60", z.coerce.number({ message: "必须是分钟数" }).int("必须是整数分钟").min(1, "至少 1 分钟").max(43_200, "最多 30 天")),
    MODERATION_BAN_MINUTES: withDefault("1440", z.coerce.number({ message: "必须是分钟数" }).int("必须是整数分钟").min(1, "至少 1 分钟").max(525_600, "最多 365 天")),
    DEV_OUTBOX_URL: optionalText.pipe(z.url({ message: "必须是完整的网址" }).optional()),
    // Embedded auth (src/embedded/auth, read by authConfigFromEnv) and its mail outbox.
    AUTH_SITE_URL: optionalText.pipe(z.url({ message: "必须是完整的网址" }).optional()),
    AUTH_EXTERNAL_URL: optionalText.pipe(z.url({ message: "必须是完整的网址" }).optional()),
    AUTH_JWT_SECRET: optionalText.pipe(z.string().min(16, "至少 16 个字符").optional()),
    AUTH_AUTOCONFIRM: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_SMS_AUTOCONFIRM: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_ANONYMOUS_SIGN_INS: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_DISABLE_SIGNUP: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_SECURE_EMAIL_CHANGE: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_PASSWORD_CHANGE_REQUIRES_REAUTHENTICATION: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_MANUAL_LINKING: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_JWT_EXPIRY: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_REFRESH_TOKEN_REUSE_INTERVAL: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_OTP_LENGTH: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_OTP_EXPIRY: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_MIN_MAIL_INTERVAL: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_PASSWORD_MIN_LENGTH: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_RATE_LIMIT_SIGN_IN: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/300").optional()),
    AUTH_RATE_LIMIT_SIGN_UP: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/300").optional()),
    AUTH_RATE_LIMIT_OTP: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/300").optional()),
    AUTH_RATE_LIMIT_RESEND: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/300").optional()),
    AUTH_RATE_LIMIT_VERIFY: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/300").optional()),
    AUTH_RATE_LIMIT_MFA: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/300").optional()),
    AUTH_RATE_LIMIT_SMS: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 5/3600").optional()),
    AUTH_SMS_DAILY_LIMIT: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    // SMS pumping (src/embedded/auth/sms-budget.ts): countries SMS may go to, the per-number-block
    // limit, and when the human check starts; the captcha that check uses (src/embedded/auth/captcha).
    AUTH_SMS_ALLOWED_COUNTRIES: optionalText.pipe(z.string().regex(/^\s*\+?[1-9]\d{0,2}\s*(,\s*\+?[1-9]\d{0,2}\s*)*$/, "格式为逗号分隔的国家/地区代码，例如 86,852").optional()),
    AUTH_RATE_LIMIT_SMS_PREFIX: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 30/3600").optional()),
    AUTH_SMS_CAPTCHA_AFTER_IP: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 3/3600").optional()),
    AUTH_SMS_CAPTCHA_AFTER_PREFIX: optionalText.pipe(z.string().regex(/^\d+\/\d+$/, "格式为 次数/秒数，例如 10/3600").optional()),
    AUTH_CAPTCHA_PROVIDER: optionalText.pipe(z.enum(["pow", "hcaptcha", "turnstile", "tencent", "aliyun"], { message: "只能是 pow、hcaptcha、turnstile、tencent 或 aliyun" }).optional()),
    AUTH_CAPTCHA_SECRET: optionalText,
    AUTH_CAPTCHA_SITE_KEY: optionalText,
    AUTH_CAPTCHA_ALIYUN_PREFIX: optionalText,
    AUTH_CAPTCHA_API_KEY_ID: optionalText,
    AUTH_CAPTCHA_API_KEY_SECRET: optionalText,
    AUTH_CAPTCHA_VERIFY_URL: optionalText.pipe(z.url({ message: "必须是完整的网址" }).optional()),
    AUTH_CAPTCHA_POW_DIFFICULTY: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_OTP_MAX_ATTEMPTS: optionalText.pipe(z.string().regex(/^\d+$/, "必须是整数").optional()),
    AUTH_EMAIL_ENABLED: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_PHONE_ENABLED: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    AUTH_REDIRECT_ALLOW_LIST: optionalText,
    AUTH_JWT_ISSUER: optionalText,
    AUTH_JWKS_FILE: optionalText,
    AUTH_SMS_TEST_OTPS: optionalText,
    AUTH_PASSWORD_REQUIRED_CHARACTERS: optionalText,
    AUTH_CORS_ALLOWED_ORIGINS: optionalText,
    AUTH_JWT_AUDIENCES: optionalText,
    AUTH_DEVELOPMENT_LOOPBACK: optionalText.pipe(z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"], { message: "只能是 true 或 false" }).optional()),
    // Its fields are checked by the auth service's own schema (authConfigSchema.externalProviders).
    AUTH_EXTERNAL_PROVIDERS: optionalText.pipe(z.string().refine(isJsonObject, "必须是 JSON 对象，例如 {\"github\": {…}}").optional()),
    // WeChat sign-in (provider wechat; pairs and base URLs checked again by authConfigFromEnv).
    WECHAT_OPEN_APP_ID: optionalText.pipe(z.string().regex(/^wx[0-9a-zA-Z]{16}$/, "必须是 wx 开头的 18 位 AppID").optional()),
    WECHAT_OPEN_APP_SECRET: optionalText,
    WECHAT_MP_APP_ID: optionalText.pipe(z.string().regex(/^wx[0-9a-zA-Z]{16}$/, "必须是 wx 开头的 18 位 AppID").optional()),
    WECHAT_MP_APP_SECRET: optionalText,
    WECHAT_OPEN_BASE_URL: optionalText.pipe(z.url({ message: "必须是完整的网址" }).optional()),
    WECHAT_API_BASE_URL: optionalText.pipe(z.url({ message: "必须是完整的网址" }).optional()),
    SMTP_FROM: optionalText,
    // Separate origin for user files' public / signed URLs (same app behind a second host name).
    STORAGE_PUBLIC_URL: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://files.example-usercontent.com" }).optional()),
    // Embedded storage: longest lifetime of a signed download URL, in seconds (default 7 days).
    STORAGE_SIGNED_URL_MAX_SECONDS: optionalText.pipe(z.string().regex(/^[1-9]\d*$/, "必须是正整数（秒）").transform(Number).optional()),
    // Embedded storage's object bytes in an S3-compatible bucket (阿里云 OSS, 腾讯云 COS, MinIO, AWS S3)
    // instead of DATA_DIR/storage, so several machines share files. STORAGE_S3_BUCKET set → all required.
    STORAGE_S3_ENDPOINT: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://oss-cn-hangzhou.aliyuncs.com" }).optional()),
    STORAGE_S3_REGION: optionalText,
    STORAGE_S3_BUCKET: optionalText,
    STORAGE_S3_ACCESS_KEY_ID: optionalText,
    STORAGE_S3_SECRET_ACCESS_KEY: optionalText,
    STORAGE_S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(["true", "false"], { message: "只能是 true 或 false" }).optional()),
    // How long a session's liveness (signed out / deleted / banned, MFA needed) is reused, in ms.
    SESSION_CHECK_CACHE_MS: withDefault("3000", z.coerce.number({ message: "必须是毫秒数" }).int().min(0).max(10000)),
    // Operator console (/admin): addresses whose confirmed accounts get app_metadata.role = "admin".
    ADMIN_EMAILS: optionalText.pipe(
      z
        .string()
        .transform((text) => text.split(",").map((part) => part.trim().toLowerCase()).filter(Boolean))
        .pipe(z.array(z.email({ message: "ADMIN_EMAILS 必须是逗号分隔的邮箱地址" })))
        .optional(),
    ),
    SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\/.+/, "必须是 smtp:// 或 smtps:// 开头").optional()),
    // AI apps (src/features/ai-apps): unset → the three embedded demo Dify apps.
    AI_APPS_CONFIG: optionalText,
    // Knowledge bases (src/features/knowledge): the OpenAI-compatible provider whose /embeddings vectors
    // every base's chunks (one model for all, so any app can search any base). Default: the demo provider.
    KNOWLEDGE_EMBEDDINGS_BASE_URL: withDefault("embedded:model-provider", z.string().refine((value) => value === "embedded:model-provider" || /^https?:\/\/.+/.test(value), "必须是 http(s) 网址或 embedded:model-provider")),
    KNOWLEDGE_EMBEDDINGS_API_KEY: optionalText,
    KNOWLEDGE_EMBEDDINGS_MODEL: withDefault("spark-embed", z.string().min(1).max(128)),
    DIFY_API_URL: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://api.dify.ai/v1" }).optional()),
    DIFY_APPS: optionalText,
    // Encrypts the upstream keys stored in ai_apps (AES-256-GCM): 32 bytes, 64 hex characters or base64.
    // Unset: a key generated into the database (development); production then stores no real upstream key.
    APP_ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .refine((text) => /^[0-9a-fA-F]{64}$/.test(text.trim()) || /^[A-Za-z0-9+/_-]{43}=?$/.test(text.trim()), "必须是 32 字节的密钥：64 个十六进制字符或 base64（可用 openssl rand -hex 32 生成）")
        .optional(),
    ),
    DIFY_DEMO_PACE_MS: withDefault("30", z.coerce.number({ message: "必须是毫秒数" }).int().min(0).max(5000)),
    // Developer API (/v1): requests per API key in a window, 次数/秒数 (default 60/60).
    API_KEY_RATE_LIMIT: withDefault("600/60", z.string().regex(/^[1-9]\d*\/[1-9]\d*$/, "格式为 次数/秒数，例如 60/60")),
    // 联网搜索 (src/features/web-search): unset → the site's own docs and blog (offline). A key for
    // bocha / zhipu / tavily; WEB_SEARCH_BASE_URL for searxng (else each service's own address).
    WEB_SEARCH_PROVIDER: withDefault("site", z.enum(["site", "bocha", "zhipu", "tavily", "searxng"], { message: "只能是 site、bocha、zhipu、tavily 或 searxng" })),
    WEB_SEARCH_API_KEY: optionalText,
    WEB_SEARCH_BASE_URL: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://searx.example.com" }).optional()),
    // Web searches per user in a window, 次数/秒数 (default 10/60).
    WEB_SEARCH_RATE_LIMIT: withDefault("10/60", z.string().regex(/^[1-9]\d*\/[1-9]\d*$/, "格式为 次数/秒数，例如 10/60")),
    // Payments (src/features/billing): unset STRIPE_SECRET_KEY → the local test-mode checkout.
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_PRO_MONTH: optionalText,
    STRIPE_PRICE_PRO_YEAR: optionalText,
    STRIPE_PRICE_TEAM_MONTH: optionalText,
    STRIPE_PRICE_TEAM_YEAR: optionalText,
    STRIPE_API_BASE: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 http://127.0.0.1:12111" }).optional()),
    // Alipay (src/features/billing/server/alipay): all three set → the provider exists.
    ALIPAY_APP_ID: optionalText,
    ALIPAY_PRIVATE_KEY: optionalText,
    ALIPAY_PUBLIC_KEY: optionalText,
    ALIPAY_GATEWAY: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://openapi.alipay.com/gateway.do" }).optional()),
    ALIPAY_ORDER_TIMEOUT: optionalText.pipe(z.string().regex(/^[1-9]\d*[mh]$/, "格式为 分钟数m 或 小时数h，例如 15m").optional()),
    // 微信支付 API v3 (src/features/billing/server/wechat-pay): validated as a whole in its config.ts.
    WECHAT_PAY_MCH_ID: optionalText,
    WECHAT_PAY_APP_ID: optionalText,
    WECHAT_PAY_MCH_SERIAL_NO: optionalText,
    WECHAT_PAY_PRIVATE_KEY: optionalText,
    WECHAT_PAY_API_V3_KEY: optionalText,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: optionalText,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: optionalText,
    WECHAT_PAY_API_BASE: optionalText.pipe(z.url({ message: "必须是完整的网址，例如 https://api.mch.weixin.qq.com" }).optional()),
    // 个人信息保护法 (src/features/personal-data): days between 注销账号 and the deletion (0 = at once).
    ACCOUNT_DELETION_COOLING_DAYS: withDefault("0", z.coerce.number({ message: "必须是天数" }).int("必须是整数天").min(0, "不能为负").max(90, "最多 90 天")),
    // 下载我的数据: an account with this many AI calls, notes and files together gets its ZIP built in
    // the background and a link by mail (src/features/personal-data/server/background-export.ts).
    PERSONAL_DATA_EXPORT_INLINE_ITEMS: withDefault("500", z.coerce.number({ message: "必须是数量" }).int("必须是整数").min(1, "至少 1").max(1_000_000, "最多 1000000")),
    // 投诉举报 (src/features/reports): the contact shown on /legal/report and the promised response time.
    REPORT_CONTACT_EMAIL: optionalText.pipe(z.email({ message: "必须是邮箱地址" }).optional()),
    REPORT_RESPONSE_HOURS: withDefault("24", z.coerce.number({ message: "必须是小时数" }).int("必须是整数小时").min(1, "至少 1 小时").max(720, "最多 720 小时")),
    // 网络安全法: AI-call and sign-in records are kept this many days, then purged (default 180).
    LOG_RETENTION_DAYS: withDefault("180", z.coerce.number({ message: "必须是天数" }).int("必须是整数天").min(1, "至少 1 天").max(3650, "最多 3650 天")),
    // The local test-mode checkout (no money moves): unset → on only under NODE_ENV development.
    CHECKOUT_TEST_MODE: optionalText.pipe(z.enum(["on", "off"], { message: "只能是 on 或 off" }).optional()),
    // Filings shown in every page's footer (src/features/compliance); the console's 站点设置 overrides each.
    SITE_ICP_NUMBER: optionalText.pipe(z.string().max(100, "备案号太长").optional()),
    SITE_PSB_NUMBER: optionalText.pipe(z.string().max(100, "备案号太长").optional()),
    SITE_GENAI_FILING: optionalText.pipe(z.string().max(300, "备案信息太长").optional()),
    // 网络安全法第 24 条: on → an account binds a verified phone before any AI call (the console's switch overrides).
    REQUIRE_PHONE_FOR_AI: optionalText.pipe(z.enum(["on", "off"], { message: "只能是 on 或 off" }).optional()),
    // Prometheus metrics (src/features/observability): GET /api/metrics with `Authorization: Bearer
    // <METRICS_TOKEN>`; off without a token, unless METRICS_PORT serves them on a port of their own.
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "至少 16 个字符").optional()),
    METRICS_PORT: optionalText.pipe(
      z.string().regex(/^\d{1,5}$/, "必须是端口号（1–65535）").transform(Number).pipe(z.number().min(1, "必须是端口号（1–65535）").max(65_535, "必须是端口号（1–65535）")).optional(),
    ),
    LOG_LEVEL: withDefault("info", z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { message: "只能是 fatal、error、warn、info、debug、trace 或 silent" })),
    // SIGTERM: how long running AI answers may take to finish before they are ended (server.mjs).
    SHUTDOWN_DRAIN_SECONDS: withDefault("30", z.coerce.number({ message: "必须是秒数" }).int("必须是整数秒").min(0, "不能为负").max(3600, "最多 3600 秒")),
    // `npm start`'s worker processes on PostgreSQL (server.mjs reads it before the app loads:
    // src/lib/net/worker-plan.mjs); unset → one per core; always one on PGlite.
    WEB_CONCURRENCY: optionalText.pipe(
      z.string().trim().regex(/^\d{1,3}$/, "必须是 1 到 256 的整数").transform(Number).pipe(z.number().min(1, "至少 1 个").max(256, "最多 256 个")).optional(),
    ),
  })
  .superRefine((env, context) => {
    // A cloud moderation provider signs every call with the account's key pair.
    if (env.MODERATION_PROVIDER !== "words" && (!env.MODERATION_ACCESS_KEY_ID || !env.MODERATION_ACCESS_KEY_SECRET)) {
      context.addIssue({ code: "custom", path: ["MODERATION_ACCESS_KEY_ID"], message: `MODERATION_PROVIDER=${env.MODERATION_PROVIDER} 时必须提供 MODERATION_ACCESS_KEY_ID 和 MODERATION_ACCESS_KEY_SECRET` });
    }
    // S3 storage is all or nothing: a half-configured bucket would fail at the first upload.
    const s3Fields = ["STORAGE_S3_ENDPOINT", "STORAGE_S3_REGION", "STORAGE_S3_ACCESS_KEY_ID", "STORAGE_S3_SECRET_ACCESS_KEY", "STORAGE_S3_FORCE_PATH_STYLE"] as const;
    if (!env.STORAGE_S3_BUCKET && s3Fields.some((field) => env[field] !== undefined)) {
      context.addIssue({ code: "custom", path: ["STORAGE_S3_BUCKET"], message: "设置了 STORAGE_S3_* 时必须提供 STORAGE_S3_BUCKET" });
    }
    if (env.STORAGE_S3_BUCKET) {
      for (const field of ["STORAGE_S3_REGION", "STORAGE_S3_ACCESS_KEY_ID", "STORAGE_S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[field]) context.addIssue({ code: "custom", path: [field], message: `设置了 STORAGE_S3_BUCKET 时必须提供 ${field}` });
      }
    }
    // A search service needs its key (SearXNG its address) at start-up, not at the first question.
    if (["bocha", "zhipu", "tavily"].includes(env.WEB_SEARCH_PROVIDER) && !env.WEB_SEARCH_API_KEY) {
      context.addIssue({ code: "custom", path: ["WEB_SEARCH_API_KEY"], message: `WEB_SEARCH_PROVIDER=${env.WEB_SEARCH_PROVIDER} 时必须提供 WEB_SEARCH_API_KEY` });
    }
    if (env.WEB_SEARCH_PROVIDER === "searxng" && !env.WEB_SEARCH_BASE_URL) {
      context.addIssue({ code: "custom", path: ["WEB_SEARCH_BASE_URL"], message: "WEB_SEARCH_PROVIDER=searxng 时必须提供 WEB_SEARCH_BASE_URL（SearXNG 实例的地址）" });
    }
    // A hosted project needs its keys; the embedded services make their own.
    if (!env.SUPABASE_URL) return;
    if (!env.SUPABASE_ANON_KEY && !env.SUPABASE_PUBLISHABLE_KEY) {
      context.addIssue({ code: "custom", path: ["SUPABASE_ANON_KEY"], message: "设置了 SUPABASE_URL 时必须提供 SUPABASE_ANON_KEY 或 SUPABASE_PUBLISHABLE_KEY" });
    }
    if (!env.SUPABASE_SERVICE_ROLE_KEY && !env.SUPABASE_SECRET_KEY) {
      context.addIssue({ code: "custom", path: ["SUPABASE_SERVICE_ROLE_KEY"], message: "设置了 SUPABASE_URL 时必须提供 SUPABASE_SERVICE_ROLE_KEY 或 SUPABASE_SECRET_KEY" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`环境变量配置有误，服务无法启动：\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidEnvError";
  }
}

/** Parses an environment, collecting every problem into one readable error. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new InvalidEnvError(
    result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
}

let cachedEnv: Env | undefined;

/** The validated environment of this process (parsed once). */
export function getEnv(): Env {
  cachedEnv ??= parseEnv(process.env);
  return cachedEnv;
}
