import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { methodsForDevice } from "../../payment-providers";
import { PAYMENT_PROVIDER_DEFINITIONS, providerLabel, providersWith } from "../../payment-providers";
import { createAlipaySetup } from "../alipay";
import { createStripeClient } from "../stripe/client";
import { createPaymentProviders } from "./registry";

const stripe = { stripe: createStripeClient("sk_test_registry"), webhookSecret: null, prices: {}, siteUrl: "https://spark.example.cn" };
// Nothing here signs or calls Alipay: one key pair stands for both sides.
const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const alipay = createAlipaySetup({
  appId: "2021000000000001",
  privateKey: keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  publicKey: keys.publicKey.export({ type: "spki", format: "pem" }).toString(),
  gateway: "https://openapi.alipay.test/gateway.do",
  orderTimeout: "15m",
  siteUrl: "https://spark.example.cn",
});

describe("the payment-provider registry", () => {
  it("lists every defined provider once, in the definitions' order", () => {
    const providers = createPaymentProviders();
    expect(providers.all.map((provider) => provider.id)).toEqual(PAYMENT_PROVIDER_DEFINITIONS.map((definition) => definition.id));
    expect(providers.all.map((provider) => provider.definition.label)).toEqual(["测试支付", "Stripe", "微信支付", "支付宝"]);
    expect(providerLabel("wechat_pay")).toBe("微信支付");
  });

  it("new checkouts without a method: Stripe when configured, else the test mode, else closed", () => {
    expect(createPaymentProviders().checkout).toBeNull();
    expect(createPaymentProviders({ localTestMode: true }).checkout?.id).toBe("local");
    expect(createPaymentProviders({ localTestMode: true, stripe }).checkout?.id).toBe("stripe");
  });

  it("offers the methods of the configured providers only, in the product's order", () => {
    expect(createPaymentProviders({ localTestMode: true, stripe }).methods).toEqual([]);
    const withAlipay = createPaymentProviders({ alipay });
    expect(withAlipay.methods).toEqual(["alipay_page", "alipay_wap", "alipay_qr"]);
    expect(withAlipay.forMethod("alipay_qr")?.id).toBe("alipay");
    expect(withAlipay.forMethod("wechat_native")).toBeNull();
    expect(methodsForDevice(withAlipay.methods, "wechat")).toEqual(["alipay_wap"]);
  });

  it("has refund gateways for the configured providers (and the test mode, which moves no money)", () => {
    expect(Object.keys(createPaymentProviders().refundGateways())).toEqual(["local"]);
    expect(Object.keys(createPaymentProviders({ stripe, alipay }).refundGateways()).sort()).toEqual(["alipay", "local", "stripe"]);
  });

  it("a Stripe period without Stripe configured is managed by the local rules; a null provider too", () => {
    const providers = createPaymentProviders();
    expect(providers.managing({ provider: "stripe" }).id).toBe("stripe");
    expect(providers.managing({ provider: null }).id).toBe("local");
    expect(providersWith({ recurring: false, periodChanges: false })).toEqual(["wechat_pay", "alipay"]);
  });
});
