import { APPID_PATTERN } from "@/features/ai-apps";
import { MAX_API_REQUESTS_PER_MINUTE } from "@/features/billing";
import { z } from "@/lib/zod";

/** Most keys one user may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;

/** Most entries one key's IP allow-list may have. */
export const MAX_ALLOWED_IPS = 20;
/** The highest per-minute limit a key may be set to (its plan's ceiling is checked by the route). */
export const MAX_REQUESTS_PER_MINUTE = MAX_API_REQUESTS_PER_MINUTE;

const ipOrCidr = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];

/** IP addresses / CIDRs a key may be used from (IPv4 and IPv6); null: from anywhere. */
const allowedIpsSchema = z
  .array(
    z
      .string({ message: "IP 地址格式不正确" })
      .trim()
      .refine((entry) => ipOrCidr.some((schema) => schema.safeParse(entry).success), { error: (issue) => `「${String(issue.input)}」不是有效的 IP 地址或网段（例如 203.0.113.7、10.0.0.0/8、2001:db8::/32）` }),
    { message: "IP 白名单格式不正确" },
  )
  .min(1, "IP 白名单至少要有一项；不限制请留空")
  .max(MAX_ALLOWED_IPS, `IP 白名单最多 ${MAX_ALLOWED_IPS} 项`)
  .nullable()
  .optional();

/** Requests per minute for one key; null: the plan's ceiling. Checked against the ceiling by the route. */
const requestsPerMinuteSchema = z
  .number({ message: "每分钟请求数必须是数字" })
  .int("每分钟请求数必须是整数")
  .positive("每分钟请求数必须大于 0")
  .max(MAX_REQUESTS_PER_MINUTE, `每分钟请求数最多 ${MAX_REQUESTS_PER_MINUTE}`)
  .nullable()
  .optional();

/** POST /api/keys. */
export const createApiKeySchema = z.object({
  name: z.string({ message: "请输入密钥名称" }).trim().min(1, "请输入密钥名称").max(50, "名称最多 50 个字符"),
  /** ISO time; the key stops working then. */
  expiresAt: z.iso
    .datetime({ offset: true, message: "过期时间格式不正确" })
    .refine((value) => new Date(value).getTime() > Date.now(), "过期时间必须晚于现在")
    .nullable()
    .optional(),
  monthlyTokenCap: z.number({ message: "每月 Token 上限必须是数字" }).int("每月 Token 上限必须是整数").positive("每月 Token 上限必须大于 0").max(1_000_000_000).nullable().optional(),
  /** App ids the key may use; absent or null: every app. */
  allowedApps: z
    .array(z.string().regex(APPID_PATTERN, "应用 ID 格式不正确"))
    .min(1, "至少选择一个应用")
    .max(50)
    .nullable()
    .optional(),
  allowedIps: allowedIpsSchema,
  requestsPerMinute: requestsPerMinuteSchema,
});

/** PATCH /api/keys/{id}: the lock-down settings of an existing key (absent: unchanged). */
export const updateApiKeySchema = z.object({ allowedIps: allowedIpsSchema, requestsPerMinute: requestsPerMinuteSchema });

export type UpdateApiKeyInput = z.infer<typeof updateApiKeySchema>;

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** What lists show of a key (never the secret or its hash). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The first characters of the secret, to tell keys apart. */
  prefix: string;
  allowedApps: string[] | null;
  monthlyTokenCap: number | null;
  /** IPs / CIDRs it may be used from; null: anywhere. */
  allowedIps: string[] | null;
  /** Its own requests-per-minute limit; null: the plan's ceiling. */
  requestsPerMinute: number | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  /** Tokens used with this key this month (the plan's calendar). */
  monthTokens: number;
}
