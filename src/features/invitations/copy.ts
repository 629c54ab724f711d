import type { InvitationStatus } from "@/lib/db/schema/invitations";
import type { InviteTrigger } from "./schemas";

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = { pending: "待完成", rewarded: "已发放奖励", refused: "未获奖励" };

export const INVITE_TRIGGER_LABELS: Record<InviteTrigger, string> = { signup: "注册并完成邮箱或手机验证后", phone: "验证手机号后", payment: "首次付款后" };

/** Why an invitation earned nothing (the console's list). */
export const INVITATION_REFUSAL_LABELS: Record<string, string> = {
  off: "当时未开启邀请奖励",
  inviter_daily_cap: "邀请人当日奖励次数已达上限",
  address_limit: "同一网络地址当日注册过多",
  device_limit: "同一设备当日注册过多",
  phone_used: "该手机号已领取过邀请奖励",
};
