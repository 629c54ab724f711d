/** The 用量 section's strings (Simplified Chinese). */
export const usageReportCopy = {
  title: "用量",
  description: "全站每月的 Token 用量（北京时间）：按天、按应用和模型、按套餐，以及用量最多的用户。",
  month: "月份",
  show: "查看",
  exportCsv: "导出 CSV",
  total: (tokens: string, calls: string) => `本月共 ${tokens} Token，${calls} 次调用`,
  webSearches: (searches: string) => `联网搜索 ${searches} 次`,
  byDay: "每日用量",
  byAppModel: "按应用和模型",
  byPlan: "按套餐",
  byPlanHint: "按用户当前的套餐统计。",
  topUsers: "用量最多的用户",
  empty: "这个月还没有用量。",
  columns: { app: "应用", model: "模型", plan: "套餐", users: "用户数", user: "用户", tokens: "Token", calls: "调用次数" },
  noModel: "—",
} as const;
