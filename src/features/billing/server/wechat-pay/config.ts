import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { z } from "@/lib/zod";
import type { Env } from "@/lib/env";

export const DEFAULT_WECHAT_PAY_API_BASE = "https://api.mch.weixin.qq.com";

/** How responses and notifications are verified: the 微信支付公钥 (newer) or downloaded platform certificates. */
export type PlatformVerification = { mode: "public-key"; keyId: string; publicKey: KeyObject } | { mode: "certificates" };

export type WechatPaySetup = {
  mchId: string;
  appId: string;
  mchSerialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  platform: PlatformVerification;
  apiBase: string;
  /** `${SITE_URL}/api/webhooks/wechat-pay`. */
  notifyUrl: string;
};

const pem = (label: string, parse: (text: string) => KeyObject) =>
  z.string().transform((text, context) => {
    try {
      // .env files often carry a PEM on one line with literal "\n".
      return parse(text.replace(/\\n/g, "\n"));
    } catch {
      context.addIssue({ code: "custom", message: `${label}不是有效的 PEM` });
      return z.NEVER;
    }
  });

const configSchema = z
  .object({
    WECHAT_PAY_MCH_ID: z.string().regex(/^\d{6,32}$/, "商户号应为数字"),
    WECHAT_PAY_APP_ID: z.string().regex(/^wx[0-9a-zA-Z]{6,30}$/, "AppID 应以 wx 开头"),
    WECHAT_PAY_MCH_SERIAL_NO: z.string().regex(/^[0-9A-Fa-f]{8,64}$/, "商户证书序列号应为十六进制"),
    WECHAT_PAY_PRIVATE_KEY: pem("商户 API 私钥", (text) => createPrivateKey(text)),
    WECHAT_PAY_API_V3_KEY: z.string().refine((key) => Buffer.byteLength(key, "utf8") === 32, "APIv3 密钥必须是 32 个字节"),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: pem("微信支付公钥", (text) => createPublicKey(text)).optional(),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: z.string().min(1).optional(),
    WECHAT_PAY_API_BASE: z.url({ message: "必须是完整的网址" }).optional(),
  })
  .refine((env) => Boolean(env.WECHAT_PAY_PLATFORM_PUBLIC_KEY) === Boolean(env.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID), {
    message: "WECHAT_PAY_PLATFORM_PUBLIC_KEY 与 WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID 需同时设置（或都不设置，改用下载平台证书）",
    path: ["WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID"],
  });

/**
 * 微信支付 of this environment, or null when WECHAT_PAY_MCH_ID is unset (not configured: absent).
 * A partial or invalid configuration throws with the Chinese reasons, so a typo never silently
 * turns payments off.
 */
export function wechatPaySetupFromEnv(env: Pick<Env, "SITE_URL"> & Partial<Record<`WECHAT_PAY_${string}`, string | undefined>>): WechatPaySetup | null {
  if (!env.WECHAT_PAY_MCH_ID) return null;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("；");
    throw new Error(`微信支付配置无效：${reasons}`);
  }
  const config = parsed.data;
  return {
    mchId: config.WECHAT_PAY_MCH_ID,
    appId: config.WECHAT_PAY_APP_ID,
    mchSerialNo: config.WECHAT_PAY_MCH_SERIAL_NO.toUpperCase(),
    privateKey: config.WECHAT_PAY_PRIVATE_KEY,
    apiV3Key: config.WECHAT_PAY_API_V3_KEY,
    platform:
      config.WECHAT_PAY_PLATFORM_PUBLIC_KEY && config.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID
        ? { mode: "public-key", keyId: config.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID, publicKey: config.WECHAT_PAY_PLATFORM_PUBLIC_KEY }
        : { mode: "certificates" },
    apiBase: (config.WECHAT_PAY_API_BASE ?? DEFAULT_WECHAT_PAY_API_BASE).replace(/\/+$/, ""),
    notifyUrl: `${env.SITE_URL.replace(/\/+$/, "")}/api/webhooks/wechat-pay`,
  };
}
