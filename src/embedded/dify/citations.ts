import { stableHash } from "./demo-writer";

/**
 * The demo knowledge base ("思维火花帮助中心"): questions about 思维火花 are answered from it and
 * cite it in `message_end.metadata.retriever_resources` (reference §6.4), stored for `GET /messages`.
 */

export type RetrieverResource = {
  position: number;
  dataset_id: string;
  dataset_name: string;
  document_id: string;
  document_name: string;
  segment_id: string;
  score: number;
  content: string;
};

const DATASET = { id: "7f1c2a9e-5b3d-4e60-9a21-3c8d0f4b6e11", name: "思维火花帮助中心" };

const SEGMENTS = [
  {
    document_id: "0b6f3e2a-1c4d-4a8b-9e7f-2d5c8a1b3f01",
    document_name: "产品介绍.md",
    segment_id: "5e2a9c1d-7b3f-4d8e-a6c0-1f9b2e4d7a01",
    content: "思维火花是一个快速接入 AI 工作流的平台：把 Dify 应用和大模型接进来，用户登录后即可对话、运行工作流和生成文案。",
  },
  {
    document_id: "0b6f3e2a-1c4d-4a8b-9e7f-2d5c8a1b3f02",
    document_name: "常见问题.md",
    segment_id: "5e2a9c1d-7b3f-4d8e-a6c0-1f9b2e4d7a02",
    content: "每个账号每月有一定的 AI 用量额度，用量按令牌（token）计算，可以在控制台的「用量」页面查看。",
  },
  {
    document_id: "0b6f3e2a-1c4d-4a8b-9e7f-2d5c8a1b3f03",
    document_name: "开发者指南.md",
    segment_id: "5e2a9c1d-7b3f-4d8e-a6c0-1f9b2e4d7a03",
    content: "开发者可以创建 API 密钥，用 OpenAI 兼容的接口调用站内的每一个应用，调用同样计入账号的额度。",
  },
];

/** Whether the query asks about the product itself (the only thing the demo knowledge base knows). */
export function asksAboutProduct(query: string): boolean {
  return query.replace(/#\S+/g, "").includes("思维火花");
}

/** The cited segments for a question about 思维火花 (none otherwise), best match first. */
export function retrieverResourcesFor(query: string): RetrieverResource[] {
  if (!asksAboutProduct(query)) return [];
  const seed = stableHash(query);
  return SEGMENTS.map((segment, index) => ({
    position: index + 1,
    dataset_id: DATASET.id,
    dataset_name: DATASET.name,
    ...segment,
    score: Math.round((0.92 - index * 0.11 - ((seed >> index) % 5) / 100) * 10000) / 10000,
  }));
}

/** A short answer built from the cited segments. */
export function knowledgeAnswer(resources: RetrieverResource[]): string {
  return [
    "## 关于思维火花",
    "",
    "根据知识库「思维火花帮助中心」中的资料：",
    "",
    ...resources.map((resource) => `- ${resource.content}`),
    "",
    "想了解更多，可以展开下方的引用查看原文。",
  ].join("\n");
}
