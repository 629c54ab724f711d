import { randomUUID } from "node:crypto";
import { signAliyunRpc } from "@/embedded/outbox/sms/aliyun-sms";
import { z } from "@/lib/zod";
import { excerptAround, type ModerationProvider } from "../../types";

export interface AliyunModerationOptions {
  accessKeyId: string;
  accessKeySecret: string;
  region: string;
  /** Default `https://green-cip.<region>.aliyuncs.com` (tests: the local fake). */
  endpoint?: string;
  fetch?: typeof fetch;
}

/** The answer of TextModerationPlus (version 2022-03-02): a risk level and the labels found. */
const answerSchema = z.looseObject({
  Code: z.union([z.number(), z.string()]).optional(),
  Message: z.string().optional(),
  Data: z
    .looseObject({
      RiskLevel: z.string().optional(),
      Result: z.array(z.looseObject({ Label: z.string().optional(), Description: z.string().optional(), RiskWords: z.string().optional() })).optional(),
    })
    .optional(),
});

/** Risk levels that refuse the text; `low` and `none` pass. */
const BLOCKING = new Set(["high", "medium"]);

/**
 * 阿里云内容安全 文本审核增强版 PLUS (`TextModerationPlus`): questions as `llm_query_moderation`,
 * answers as `llm_response_moderation`; RPC call signed with HMAC-SHA1 (the signer the SMS gateway
 * uses, checked there against Aliyun's official client).
 */
export function createAliyunProvider(options: AliyunModerationOptions): ModerationProvider {
  const endpoint = (options.endpoint ?? `https://green-cip.${options.region}.aliyuncs.com`).replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  return {
    name: "aliyun",
    async checkText(text, context) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: "TextModerationPlus",
        Format: "JSON",
        RegionId: options.region,
        Service: context.stage === "question" ? "llm_query_moderation" : "llm_response_moderation",
        ServiceParameters: JSON.stringify({ content: text, accountId: context.userId }),
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: randomUUID(),
        SignatureVersion: "1.0",
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
        Version: "2022-03-02",
      };
      params.Signature = signAliyunRpc("POST", params, options.accessKeySecret);
      const response = await send(`${endpoint}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params).toString(),
        signal: context.signal,
      });
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success || parsed.data.Code !== 200) {
        throw new Error(`阿里云内容安全返回 HTTP ${response.status}${parsed.success ? `：${parsed.data.Code ?? ""} ${parsed.data.Message ?? ""}` : ""}`);
      }
      const data = parsed.data.Data;
      if (!data?.RiskLevel || !BLOCKING.has(data.RiskLevel)) return { flagged: false };
      const labels = (data.Result ?? []).map((result) => result.Label).filter((label) => label && label !== "nonLabel");
      const word = data.Result?.find((result) => result.RiskWords)?.RiskWords?.split(",")[0];
      const at = word ? text.indexOf(word) : -1;
      return { flagged: true, label: `${data.RiskLevel}:${labels.join(",") || "unknown"}`, excerpt: at >= 0 ? excerptAround(text, at, at + word!.length) : excerptAround(text, 0, 0) };
    },
  };
}
