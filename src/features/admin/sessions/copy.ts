/** The 会话 card's strings (Simplified Chinese). */
export const sessionsCopy = {
  card: "会话",
  count: (count: number) => (count === 0 ? "该用户目前没有登录中的会话。" : `该用户有 ${count} 个登录中的会话。`),
  unavailable: "托管模式下不可用：托管的认证服务不提供会话列表，且当前数据库不是认证数据库（DATABASE_URL 指向该 Supabase 项目的数据库时可用）。",
  columns: { created: "登录时间", refreshed: "最近刷新", device: "设备（User-Agent）", ip: "IP", level: "验证级别" },
  neverRefreshed: "未刷新",
  unknown: "未知",
  otherDevice: "其他客户端",
  levels: { aal1: "密码 / 验证码", aal2: "两步验证" } as Record<string, string>,
  signOut: "退出所有设备",
  signOutTitle: "让该用户退出所有设备？",
  signOutDescription: (who: string) =>
    `${who} 的所有会话将被结束：各设备上的登录在下一次请求时失效，需要重新登录。账号本身不受影响，之后仍可正常登录。`,
  signedOut: (ended: number) => `已退出所有设备（结束 ${ended} 个会话）`,
} as const;
