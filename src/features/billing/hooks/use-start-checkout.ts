"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { DEFAULT_METHOD, type CheckoutAvailability, type CheckoutChoice, type JsapiPayParams } from "../checkout-methods";
import type { BillingInterval, PlanId } from "../plans";
import type { CheckoutResult } from "../schemas";
import { useCheckoutOptions } from "./use-checkout-options";

type WeixinBridge = { invoke(name: "getBrandWCPayRequest", params: JsapiPayParams, done: (result: { err_msg?: string }) => void): void };

/** Pays inside WeChat's browser; resolves whatever the outcome (the order page polls for the truth). */
function payInWechat(params: JsapiPayParams): Promise<void> {
  const bridge = (window as typeof window & { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
  if (!bridge) return Promise.resolve();
  return new Promise((resolve) => bridge.invoke("getBrandWCPayRequest", params, () => resolve()));
}

/** What the chooser says it sells: the plan's name and, when the caller knows it, the price in 分. */
export type CheckoutItem = { planName: string; priceFen?: number };

export type CheckoutChooser = { planId: PlanId; interval: BillingInterval; choices: CheckoutChoice[]; item: CheckoutItem };

/**
 * Starts a checkout: with more than one way to pay on this device the chooser opens first (its
 * default is the device's best method), then `POST /api/checkout` and the answered URL is followed
 * (our own order / test checkout page, Stripe's, or the 支付宝 / 微信 cashier). A visitor without a
 * session (401) is sent to sign up instead.
 */
export function useStartCheckout() {
  const router = useRouter();
  const { options, device } = useCheckoutOptions();
  const [pending, setPending] = useState<PlanId | null>(null);
  const [chooser, setChooser] = useState<CheckoutChooser | null>(null);

  const choicesHere = async (known: CheckoutAvailability | null): Promise<CheckoutChoice[]> => {
    if (!known) return [DEFAULT_METHOD];
    // The providers' table arrives with the first click: it stays out of the pricing page's first load.
    const { methodsForDevice } = await import("../payment-providers");
    const methods = methodsForDevice(known.methods, device);
    return [...methods, ...(known.defaultProvider ? [DEFAULT_METHOD] : [])];
  };

  async function pay(planId: PlanId, interval: BillingInterval, choice: CheckoutChoice) {
    setChooser(null);
    setPending(planId);
    try {
      const method = choice === DEFAULT_METHOD ? undefined : choice;
      const result = await apiFetch<CheckoutResult>("/api/checkout", { method: "post", json: { planId, interval, ...(method ? { method } : {}) } });
      if (result.jsapi) await payInWechat(result.jsapi);
      if (/^https?:\/\//.test(result.url)) window.location.assign(result.url);
      else router.push(result.url);
    } catch (error) {
      setPending(null);
      if (error instanceof ApiError && error.statusCode === 401) {
        router.push("/auth/signup");
        return;
      }
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    }
  }

  async function start(planId: PlanId, interval: BillingInterval, item: CheckoutItem) {
    // A click before the options arrived asks for them now: a default checkout may not exist here.
    const known = options ?? (await apiFetch<CheckoutAvailability>("/api/checkout").catch(() => null));
    const choices = await choicesHere(known);
    // Inside WeChat, 微信支付 without a WeChat sign-in is still shown (with why it cannot be used).
    const shown = known?.wechatJsapi === "needs-wechat-sign-in" || choices.length > 1;
    if (shown && choices.length > 0) setChooser({ planId, interval, choices, item });
    else await pay(planId, interval, choices[0] ?? DEFAULT_METHOD);
  }

  // `closed`: the server said online payment is closed here (支付暂未开放); unknown (not yet answered) is not closed.
  return { start, pay, pending, closed: options?.open === false, chooser, closeChooser: () => setChooser(null), wechatJsapi: options?.wechatJsapi ?? null, defaultProvider: options?.defaultProvider ?? null, testMode: options?.testMode ?? false };
}
