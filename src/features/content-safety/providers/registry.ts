import type { Env } from "@/lib/env";
import type { ModerationProvider } from "../types";
import { createAliyunProvider } from "./aliyun/provider";
import { createTencentProvider } from "./tencent/provider";
import { createWordsProvider } from "./words/provider";
import type { WordListCache } from "./words/store";

type ModerationEnv = Pick<Env, "MODERATION_PROVIDER" | "MODERATION_ACCESS_KEY_ID" | "MODERATION_ACCESS_KEY_SECRET" | "MODERATION_REGION" | "MODERATION_ENDPOINT">;

/**
 * The provider `MODERATION_PROVIDER` names. The built-in list always runs first (the operator's own
 * words are found at once and offline); a cloud provider checks what the list let through.
 */
export function providerFromEnv(env: ModerationEnv, words: WordListCache, fetchImpl: typeof fetch = fetch): ModerationProvider {
  const list = createWordsProvider(() => words.matcher());
  if (env.MODERATION_PROVIDER === "words") return list;
  const credentials = { accessKeyId: env.MODERATION_ACCESS_KEY_ID ?? "", accessKeySecret: env.MODERATION_ACCESS_KEY_SECRET ?? "" };
  const cloud =
    env.MODERATION_PROVIDER === "aliyun"
      ? createAliyunProvider({ ...credentials, region: env.MODERATION_REGION ?? "cn-shanghai", endpoint: env.MODERATION_ENDPOINT, fetch: fetchImpl })
      : createTencentProvider({ secretId: credentials.accessKeyId, secretKey: credentials.accessKeySecret, region: env.MODERATION_REGION ?? "ap-guangzhou", endpoint: env.MODERATION_ENDPOINT, fetch: fetchImpl });
  return {
    name: cloud.name,
    async checkText(text, context) {
      const listed = await list.checkText(text, context);
      return listed.flagged ? { ...listed, label: `词表：${listed.label}` } : cloud.checkText(text, context);
    },
  };
}
