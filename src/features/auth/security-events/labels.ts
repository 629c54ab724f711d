/** GoTrue's audit actions (`auth.audit_log_entries`) in Chinese, for settings and the console. */
export const SECURITY_EVENT_LABELS: Record<string, string> = {
  login: "登录",
  login_failed: "登录失败（密码错误）",
  logout: "退出登录",
  user_signedup: "注册",
  user_updated_password: "修改密码",
  user_modified: "修改邮箱或手机号",
  user_recovery_requested: "申请重置密码",
  factor_in_progress: "添加两步验证",
  factor_unenrolled: "移除两步验证",
  factor_deleted: "两步验证被管理员移除",
  token_revoked: "登录凭证被撤销",
  user_deleted: "账号被删除",
};

export const securityEventLabel = (action: string) => SECURITY_EVENT_LABELS[action] ?? action;

/** One account event as shown (the payload's fields we use). */
export type SecurityEventView = { id: string; action: string; actorId: string; actorUsername: string; logType: string; ip: string; createdAt: string; traits: Record<string, unknown> | null };
