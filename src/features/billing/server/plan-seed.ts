import { EVERY_APP, type Plan } from "../plans";

/**
 * The plans a fresh database starts with (written once by `ensurePlansSeeded`, never over an
 * operator's edits). Read nothing else from here: the plans in force are `billing_plans`.
 */
export const SEED_PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "免费版",
    description: "体验全部 AI 应用，适合个人尝鲜",
    monthlyPriceFen: 0,
    yearlyPriceFen: 0,
    monthlyTokenQuota: 100_000,
    storageBytes: 100 * 1024 * 1024,
    maxConcurrentAiCalls: 2,
    apiRequestsPerMinute: 60,
    features: ["对话、工作流、文本生成应用", "笔记与文件存储演示"],
    visible: true,
    position: 0,
    appAccess: EVERY_APP,
  },
  {
    id: "pro",
    name: "专业版",
    description: "更高额度，适合日常重度使用",
    monthlyPriceFen: 4_900,
    yearlyPriceFen: 49_000,
    monthlyTokenQuota: 2_000_000,
    storageBytes: 10 * 1024 * 1024 * 1024,
    maxConcurrentAiCalls: 4,
    apiRequestsPerMinute: 300,
    features: ["全部 AI 应用", "用量明细与 30 天趋势", "优先支持"],
    visible: true,
    position: 10,
    appAccess: EVERY_APP,
  },
  {
    id: "team",
    name: "团队版",
    description: "大额度，适合团队与业务场景",
    monthlyPriceFen: 19_900,
    yearlyPriceFen: 199_000,
    monthlyTokenQuota: 10_000_000,
    storageBytes: 100 * 1024 * 1024 * 1024,
    maxConcurrentAiCalls: 8,
    apiRequestsPerMinute: 1000,
    features: ["全部 AI 应用", "用量明细与 30 天趋势", "专属支持"],
    visible: true,
    position: 20,
    appAccess: EVERY_APP,
  },
];
