import { AlipaySdk } from "alipay-sdk";
import { z } from "@/lib/zod";
import type { Env } from "@/lib/env";

export const DEFAULT_ALIPAY_GATEWAY = "https://openapi.alipay.com/gateway.do";

/** Everything the Alipay provider needs; null when the operator has not configured Alipay. */
export type AlipaySetup = {
  sdk: AlipaySdk;
  appId: string;
  /** Where Alipay posts 异步通知: `${SITE_URL}/api/webhooks/alipay`. */
  notifyUrl: string;
  /** Where the browser comes back after page / wap pay. */
  returnUrl: string;
  /** How long an unpaid order stays open (also sent to Alipay as time_expire). */
  orderTimeoutMs: number;
};

const pem = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label}不能为空`)
    // A PEM block or the bare base64 body the Alipay console shows (line breaks allowed).
    .regex(/^(-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----|[A-Za-z0-9+/=\s]+)$/, `${label}必须是 PEM 格式或 base64 文本`);

const alipayEnvSchema = z.object({
  appId: z.string().trim().regex(/^\d{16}$/, "ALIPAY_APP_ID 必须是 16 位数字的应用 ID"),
  privateKey: pem("ALIPAY_PRIVATE_KEY（应用私钥）"),
  publicKey: pem("ALIPAY_PUBLIC_KEY（支付宝公钥）"),
  gateway: z.url({ message: "ALIPAY_GATEWAY 必须是完整的网址" }),
  orderTimeout: z.string().regex(/^([1-9]\d*)([mh])$/, "ALIPAY_ORDER_TIMEOUT 格式为 15m 或 2h"),
  siteUrl: z.url({ message: "SITE_URL 必须是完整的网址" }),
});

export type AlipayEnv = z.input<typeof alipayEnvSchema>;

function timeoutMs(value: string): number {
  const [, amount, unit] = /^(\d+)([mh])$/.exec(value)!;
  return Number(amount) * (unit === "h" ? 3_600_000 : 60_000);
}

/** The SDK wants to know whether a PEM body is PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY"). */
function privateKeyType(key: string): "PKCS1" | "PKCS8" {
  if (key.includes("BEGIN RSA PRIVATE KEY")) return "PKCS1";
  if (key.includes("BEGIN PRIVATE KEY")) return "PKCS8";
  // Bare base64: a PKCS#8 body starts with the AlgorithmIdentifier sequence, "MIIE…AgEAMA0G".
  return /^MII[A-Za-z0-9+/]{2}[A-Za-z0-9+/]*?AgEAMA0G/.test(key.replace(/\s/g, "").slice(0, 40)) ? "PKCS8" : "PKCS1";
}

/** Builds the setup from validated values (throws a Chinese message on a bad value). */
export function createAlipaySetup(input: AlipayEnv): AlipaySetup {
  const values = alipayEnvSchema.parse(input);
  const sdk = new AlipaySdk({
    appId: values.appId,
    privateKey: values.privateKey,
    keyType: privateKeyType(values.privateKey),
    alipayPublicKey: values.publicKey,
    gateway: values.gateway,
    signType: "RSA2",
    // Keep Alipay's own snake_case field names: the code reads them as documented.
    camelcase: false,
    timeout: 10_000,
  });
  const site = values.siteUrl.replace(/\/+$/, "");
  return {
    sdk,
    appId: values.appId,
    notifyUrl: `${site}/api/webhooks/alipay`,
    returnUrl: `${site}/dashboard/settings/billing?checkout=alipay`,
    orderTimeoutMs: timeoutMs(values.orderTimeout),
  };
}

/** Alipay from the environment: absent unless ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY are all set. */
export function alipaySetupFromEnv(env: Env): AlipaySetup | null {
  if (!env.ALIPAY_APP_ID || !env.ALIPAY_PRIVATE_KEY || !env.ALIPAY_PUBLIC_KEY) return null;
  return createAlipaySetup({
    appId: env.ALIPAY_APP_ID,
    privateKey: env.ALIPAY_PRIVATE_KEY,
    publicKey: env.ALIPAY_PUBLIC_KEY,
    gateway: env.ALIPAY_GATEWAY ?? DEFAULT_ALIPAY_GATEWAY,
    orderTimeout: env.ALIPAY_ORDER_TIMEOUT ?? "15m",
    siteUrl: env.SITE_URL,
  });
}
