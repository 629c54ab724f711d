import { z } from "@/lib/zod";

/** When an invitation earns its rewards: the account is created (and confirmed), a phone is verified, or a first payment. */
export const INVITE_TRIGGERS = ["signup", "phone", "payment"] as const;
export type InviteTrigger = (typeof INVITE_TRIGGERS)[number];

const fen = z.number().int("请输入整数分").min(0, "奖励不能为负数").max(100_000_00, "奖励最多 ¥100,000");

/** The console's 邀请 settings; rewards in 分 (0 = off). */
export const inviteSettingsBody = z
  .object({
    inviterRewardFen: fen,
    inviteeRewardFen: fen,
    trigger: z.enum(INVITE_TRIGGERS, { message: "请选择发放奖励的时机" }),
    inviterDailyCap: z.number().int("请输入整数").min(1, "每人每日上限至少为 1").max(10_000, "每人每日上限最多 10000"),
    addressDailyCap: z.number().int("请输入整数").min(1, "同一地址每日上限至少为 1").max(10_000, "同一地址每日上限最多 10000"),
    deviceDailyCap: z.number().int("请输入整数").min(1, "同一设备每日上限至少为 1").max(10_000, "同一设备每日上限最多 10000"),
  })
  .strict();
export type InviteSettings = z.infer<typeof inviteSettingsBody>;

export const DEFAULT_INVITE_SETTINGS: InviteSettings = { inviterRewardFen: 0, inviteeRewardFen: 0, trigger: "signup", inviterDailyCap: 10, addressDailyCap: 3, deviceDailyCap: 2 };

/** An invitation code as it appears in a link: 8 of Crockford's base32 characters, any case. */
export const inviteCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-zA-Z]{8}$/)
  .transform((code) => code.toUpperCase());
