/** 概览's strings (Simplified Chinese). */
export const overviewCopy = {
  title: "概览",
  description: "今天和本月的关键数字（北京时间），点击可进入对应页面。",
  today: "今天",
  month: "本月",
  waiting: "待处理",
  tiles: {
    newUsers: { label: "新用户", href: "/admin/users" },
    activeUsers: { label: "活跃用户", hint: "有 AI 调用的用户", href: "/admin/usage" },
    calls: { label: "AI 调用", href: "/admin/usage" },
    revenue: { label: "收入", href: "/admin/orders?view=payments" },
    refunds: { label: "退款", href: "/admin/orders?view=payments" },
    failedCalls: { label: "失败的调用", hint: "模型应用的上游错误或中断", href: "/admin/apps" },
    pendingInvoices: { label: "待开具发票", href: "/admin/invoices" },
    openReports: { label: "待处理举报", href: "/admin/reports" },
  },
  tokens: (tokens: string) => `${tokens} Token`,
  unavailable: "—",
  unavailableHint: "认证数据库不在当前数据库中，无法统计",
} as const;
