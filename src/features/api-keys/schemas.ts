import { APPID_PATTERN } from "@/features/ai-apps";
import { z } from "@/lib/zod";

/** Most keys one user may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;

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
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** What lists show of a key (never the secret or its hash). */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The first characters of the secret, to tell keys apart. */
  prefix: string;
  allowedApps: string[] | null;
  monthlyTokenCap: number | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  /** Tokens used with this key this month (the plan's calendar). */
  monthTokens: number;
}
