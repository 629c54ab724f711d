import { z } from "@/lib/zod";
import type { SmsProvider } from "../types";
import { createAliyunSmsProvider } from "./aliyun-sms";
import { createTencentSmsProvider } from "./tencent-sms";

const text = z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().min(1).optional());

const smsEnvSchema = z.object({
  AUTH_SMS_PROVIDER: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["aliyun", "tencent"], { message: "必须是 aliyun 或 tencent" }).optional()),
  ALIYUN_SMS_ACCESS_KEY_ID: text,
  ALIYUN_SMS_ACCESS_KEY_SECRET: text,
  ALIYUN_SMS_SIGN_NAME: text,
  ALIYUN_SMS_TEMPLATE_CODE: text,
  ALIYUN_SMS_ENDPOINT: text.pipe(z.url({ message: "必须是完整的网址" }).optional()),
  TENCENT_SMS_SECRET_ID: text,
  TENCENT_SMS_SECRET_KEY: text,
  TENCENT_SMS_SDK_APP_ID: text,
  TENCENT_SMS_SIGN_NAME: text,
  TENCENT_SMS_TEMPLATE_ID: text,
  TENCENT_SMS_REGION: text,
  TENCENT_SMS_ENDPOINT: text.pipe(z.url({ message: "必须是完整的网址" }).optional()),
});

const REQUIRED = {
  aliyun: ["ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET", "ALIYUN_SMS_SIGN_NAME", "ALIYUN_SMS_TEMPLATE_CODE"],
  tencent: ["TENCENT_SMS_SECRET_ID", "TENCENT_SMS_SECRET_KEY", "TENCENT_SMS_SDK_APP_ID", "TENCENT_SMS_SIGN_NAME", "TENCENT_SMS_TEMPLATE_ID"],
} as const;

/**
 * The SMS sender `AUTH_SMS_PROVIDER` names (阿里云短信 or 腾讯云短信), or undefined: then the dev outbox
 * takes SMS where it is on, and elsewhere every send fails as GoTrue's does without a provider.
 * A named provider with a missing variable stops the start-up with the variable's name.
 */
export function smsProviderFromEnv(env: Record<string, string | undefined>): SmsProvider | undefined {
  const parsed = smsEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`短信配置有误：${String(issue.path[0])} ${issue.message}`);
  }
  const config = parsed.data;
  const provider = config.AUTH_SMS_PROVIDER;
  if (!provider) return undefined;
  const missing = REQUIRED[provider].filter((name) => !config[name]);
  if (missing.length > 0) throw new Error(`短信配置有误：AUTH_SMS_PROVIDER=${provider} 还需要 ${missing.join("、")}`);
  if (provider === "aliyun") {
    return createAliyunSmsProvider({
      accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: config.ALIYUN_SMS_SIGN_NAME!,
      templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
      endpoint: config.ALIYUN_SMS_ENDPOINT,
    });
  }
  return createTencentSmsProvider({
    secretId: config.TENCENT_SMS_SECRET_ID!,
    secretKey: config.TENCENT_SMS_SECRET_KEY!,
    sdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
    signName: config.TENCENT_SMS_SIGN_NAME!,
    templateId: config.TENCENT_SMS_TEMPLATE_ID!,
    region: config.TENCENT_SMS_REGION,
    endpoint: config.TENCENT_SMS_ENDPOINT,
  });
}
