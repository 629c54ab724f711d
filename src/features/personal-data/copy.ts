/** User-facing copy of 个人信息 (settings): 下载我的数据 and 注销账号. */
export const personalDataCopy = {
  export: {
    title: "下载我的数据",
    description: "依据《个人信息保护法》，您可以获取一份您的个人信息副本：账户资料、登录记录、对话记录、笔记、文件列表、API 密钥名称、订单与发票，打包为一个压缩包（JSON 与 Markdown 文件）。",
    submit: "下载我的数据",
    pending: "正在打包…",
    failed: "导出失败，请稍后重试",
  },
  deletion: {
    title: "注销账号",
    description: "注销后无法恢复。请先下载需要保留的数据。",
    deletedTitle: "将被删除：",
    deleted: ["账户资料、登录会话与手机号、邮箱绑定", "全部对话记录（包括各 AI 应用中的对话）", "笔记与上传的文件", "API 密钥、分享链接、置顶与用量记录", "订阅"],
    keptTitle: "依法保留：",
    kept: ["订单、支付、退款记录与发票申请（《会计法》《税收征收管理法》要求保存），保留时不再关联您的身份"],
    passwordLabel: "当前密码",
    passwordHint: "没有设置密码？请退出后用验证码重新登录，10 分钟内即可直接注销。",
    confirmLabel: "请输入“注销”以确认",
    submit: "注销账号",
    pending: "正在注销…",
    done: "账号已注销。",
    scheduled: (dueAt: string) => `已提交注销申请，账号将于 ${dueAt} 删除。在此之前登录并点击“撤销注销”即可保留账号。`,
    cancel: "撤销注销",
    canceled: "已撤销注销申请。",
    failed: "注销失败，请稍后重试",
  },
} as const;
