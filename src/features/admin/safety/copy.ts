/** The console's 内容安全 section (Simplified Chinese). */
export const safetyAdminCopy = {
  title: "内容安全",
  description: "提问和回答命中内容审核的记录，以及内置的敏感词表。",
  hits: {
    title: "命中记录",
    filters: { user: "用户 ID", app: "应用 ID", from: "开始日期", to: "结束日期", apply: "筛选", clear: "清除", label: "筛选命中记录" },
    csv: "导出 CSV",
    count: (count: number) => (count >= 200 ? "最近 200 条（导出 CSV 可得全部）" : `共 ${count} 条`),
    empty: "没有命中记录。",
    columns: { time: "时间", user: "用户", app: "应用", stage: "环节", provider: "审核方式", label: "命中规则", excerpt: "摘录" },
    stages: { question: "提问", answer: "回答" } as Record<string, string>,
  },
  ban: {
    title: "重复命中自动封禁",
    description: "同一用户在时间窗口内命中达到次数时，自动封禁一段时间（与「用户」中的封禁相同），并记入审计日志。次数为 0 表示关闭。",
    fields: { hits: "命中次数（0 为关闭）", windowMinutes: "时间窗口（分钟）", banMinutes: "封禁时长（分钟）" },
    envValue: (value: number) => `留空则用环境变量：${value}`,
    hint: { before: "留空的项使用环境变量", variables: ["MODERATION_BAN_HITS", "MODERATION_BAN_WINDOW_MINUTES", "MODERATION_BAN_MINUTES"], after: "的值。提问被拒和回答被截断都算一次命中。" },
    save: "保存",
    saved: "已保存",
  },
  words: {
    title: "敏感词表",
    description: "每行一个词；写成 /正则/ 的一行是正则表达式。匹配时忽略大小写、全角和字间的空格与符号。",
    count: (count: number) => `共 ${count} 条`,
    empty: "词表为空。",
    addLabel: "添加词条",
    addPlaceholder: "每行一个词条，例如：\n违禁词\n/加\\s*微信\\s*\\d+/",
    add: "添加",
    import: "导入文本文件",
    delete: "删除",
    deleteLabel: (entry: string) => `删除「${entry}」`,
    added: (result: { added: number; existing: number; errors: { line: string; error: string }[] }) =>
      `已添加 ${result.added} 条${result.existing ? `，${result.existing} 条已存在` : ""}${result.errors.length ? `，${result.errors.length} 条有误：${result.errors.slice(0, 3).map((item) => `${item.line}（${item.error}）`).join("；")}` : ""}`,
    deleted: "已删除",
    emptyInput: "请先填写词条",
  },
} as const;
