import type { AiAppKind } from "@/features/ai-apps";

export { aiAppHref } from "@/features/ai-apps";

export const aiAppKindLabels: Record<AiAppKind, string> = {
  chat: "对话",
  workflow: "工作流",
  completion: "文本生成",
};
