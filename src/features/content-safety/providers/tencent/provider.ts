import { tc3Authorization } from "@/embedded/outbox/sms/tencent-sms";
import { z } from "@/lib/zod";
import { excerptAround, type ModerationProvider } from "../../types";

export interface TencentModerationOptions {
  secretId: string;
  secretKey: string;
  region: string;
  /** Default https://tms.tencentcloudapi.com (tests: the local fake). */
  endpoint?: string;
  fetch?: typeof fetch;
}

/** The answer of TextModeration (tms, 2020-12-29): a suggestion, the label and the words found. */
const answerSchema = z.looseObject({
  Response: z.looseObject({
    Error: z.looseObject({ Code: z.string(), Message: z.string().optional() }).optional(),
    Suggestion: z.string().optional(),
    Label: z.string().optional(),
    Keywords: z.array(z.string()).nullish(),
  }),
});

/**
 * 腾讯云天御 文本内容安全 (`TextModeration`): the text Base64-encoded, the call signed with
 * TC3-HMAC-SHA256 (the signer the SMS gateway uses, checked there against Tencent's official SDK).
 * `Block` refuses; `Review` and `Pass` let the text through (a human review is the operator's matter).
 */
export function createTencentProvider(options: TencentModerationOptions): ModerationProvider {
  const endpoint = new URL(options.endpoint ?? "https://tms.tencentcloudapi.com");
  const send = options.fetch ?? fetch;
  return {
    name: "tencent",
    async checkText(text, context) {
      const payload = JSON.stringify({ Content: Buffer.from(text, "utf8").toString("base64"), DataId: context.stage, User: { UserId: context.userId } });
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await send(new URL("/", endpoint), {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          Authorization: tc3Authorization({ secretId: options.secretId, secretKey: options.secretKey, host: endpoint.host, service: "tms", payload, timestamp }),
          "X-TC-Action": "TextModeration",
          "X-TC-Version": "2020-12-29",
          "X-TC-Timestamp": String(timestamp),
          "X-TC-Region": options.region,
        },
        body: payload,
        signal: context.signal,
      });
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success || parsed.data.Response.Error) {
        const error = parsed.success ? parsed.data.Response.Error : undefined;
        throw new Error(`腾讯云文本内容安全返回 HTTP ${response.status}${error ? `：${error.Code} ${error.Message ?? ""}` : ""}`);
      }
      const answer = parsed.data.Response;
      if (answer.Suggestion !== "Block") return { flagged: false };
      const word = answer.Keywords?.[0];
      const at = word ? text.indexOf(word) : -1;
      return { flagged: true, label: answer.Label ?? "Block", excerpt: at >= 0 ? excerptAround(text, at, at + word!.length) : excerptAround(text, 0, 0) };
    },
  };
}
