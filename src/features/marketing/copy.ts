/** Every string of the marketing pages (Simplified Chinese). */
export const marketingCopy = {
  home: {
    eyebrow: "思维火花 · AI 应用平台",
    title: "快速接入AI工作流",
    intro:
      "在一个地方使用对话、工作流和文本生成三类 AI 应用。注册后即可开始，用量与订阅一目了然；团队还能把自己的 Dify 应用接进来，统一登录、统一计量。",
    primaryCta: "免费注册",
    dashboardCta: "进入控制台",
    secondaryCta: "浏览 AI 应用",
    featuresTitle: "您可以用思维火花做什么",
    featuresIntro: "三种应用形态覆盖日常的大部分 AI 场景，背后的账号、用量和订阅由平台统一管理。",
    features: [
      { icon: "chat", title: "对话应用", text: "多轮对话、上传图片和文件、推荐追问，回答以流式方式逐字呈现，随时可以停止。" },
      { icon: "workflow", title: "工作流应用", text: "填写表单即可运行编排好的工作流，实时看到每个节点的进度、耗时和最终输出。" },
      { icon: "completion", title: "文本生成应用", text: "写文案、做摘要、改写润色：输入要求，一次生成完整结果，一键复制。" },
      { icon: "usage", title: "用量与订阅", text: "每次回答消耗的 Token 都有记录，控制台里按应用查看用量，随时升级或管理订阅。" },
    ],
    stepsTitle: "三步开始使用",
    steps: [
      { title: "注册账号", text: "用邮箱或手机号注册，几秒钟完成，可以开启两步验证保护账号。" },
      { title: "选择 AI 应用", text: "在 AI 应用页挑选对话、工作流或文本生成应用，每个应用都有独立的页面。" },
      { title: "开始对话与创作", text: "输入问题或填写表单，结果实时流式返回；历史会话和用量都保存在您的账户里。" },
    ],
    appsTitle: "现在就能用的 AI 应用",
    appsIntro: "这些应用由当前站点配置，点击即可进入使用。",
    allApps: "查看全部 AI 应用",
    ctaTitle: "把 AI 工作流带进日常工作",
    ctaText: "免费注册，马上体验对话、工作流和文本生成。",
    ctaButton: "免费注册",
  },
  ai: {
    title: "AI 应用",
    description: "当前站点提供的 AI 应用：对话、工作流和文本生成，点击卡片即可开始使用。",
    open: "开始使用",
    empty: "当前站点还没有配置 AI 应用。",
    howTitle: "第一次使用？",
    howText: "对话、工作流和文本生成各有各的用法：开场白、输入表单、会话历史和用量都在使用指南里。",
    howLink: "阅读使用指南",
    kindsLabel: "应用类型",
  },
} as const;
