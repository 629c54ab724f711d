import type { AuditChangeLine } from "./audit-change";
import { AUDIT_STATUS_LABELS } from "./audit-labels";

const TRAIT_LABELS: Record<string, string> = {
  provider: "方式",
  scope: "范围",
  admin: "操作人",
  factor_id: "编号",
  factor_type: "类型",
  email: "新邮箱",
  phone: "新手机号",
  reason: "原因",
};

// GoTrue's amr methods and logout scopes as people say them.
const TRAIT_VALUES: Record<string, Record<string, string>> = {
  provider: { password: "密码", otp: "验证码或邮件链接", oauth: "第三方账号", anonymous: "匿名", email: "邮箱", phone: "手机号", sso: "单点登录" },
  scope: { global: "所有设备", local: "当前设备", others: "其他设备" },
  factor_type: AUDIT_STATUS_LABELS,
  reason: { first_email_proof: "首次验证邮箱" },
};

const RAW_TRAITS = new Set(["factor_id", "email", "phone"]);

/** A security event's GoTrue traits (`{provider: "password"}`) as lines: 「方式：密码」. Unknown keys stay as stored. */
export function securityTraitLines(traits: Record<string, unknown> | null): AuditChangeLine[] {
  return Object.entries(traits ?? {}).map(([key, value]) => {
    const text = key === "admin" ? (value === true ? "管理员" : "本人") : typeof value === "string" ? (TRAIT_VALUES[key]?.[value] ?? value) : JSON.stringify(value);
    return { key, label: TRAIT_LABELS[key] ?? key, before: null, after: text, raw: RAW_TRAITS.has(key) || !(key in TRAIT_LABELS) };
  });
}
