"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { chinaCheckoutCopy, formatAmountFen, methodsForDevice, useCheckoutOptions, type CheckoutMethod, type CheckoutResult } from "@/features/billing";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { walletCopy } from "../copy";
import { yuanToFen } from "../money-input";
import type { TopUpOptions } from "../types";

const TEST_CHECKOUT = "default";

/** 充值: a fixed amount or the user's own (at least the operator's minimum), paid like a plan's order. */
export function WalletTopUp({ options }: { options: TopUpOptions }) {
  const router = useRouter();
  const { options: checkout, device } = useCheckoutOptions();
  const [fixed, setFixed] = useState<number | null>(options.amountsFen[0] ?? null);
  const [custom, setCustom] = useState("");
  const [method, setMethod] = useState<string>("");
  const [pending, setPending] = useState(false);
  // Stripe sells subscriptions only: the default provider pays top-ups only when it is the test checkout.
  const methods: string[] = [...(checkout ? methodsForDevice(checkout.methods, device) : []), ...(checkout?.defaultProvider === "local" ? [TEST_CHECKOUT] : [])];
  const chosenMethod = methods.includes(method) ? method : (methods[0] ?? "");

  const amountFen = custom.trim() ? yuanToFen(custom) : fixed;
  const problem =
    amountFen === null ? walletCopy.errors.amountInvalid : amountFen < options.minFen ? walletCopy.errors.amountTooSmall(formatAmountFen(options.minFen)) : amountFen > options.maxFen ? walletCopy.errors.amountTooLarge(formatAmountFen(options.maxFen)) : null;

  async function topUp() {
    if (problem || amountFen === null || !chosenMethod) return;
    setPending(true);
    try {
      const body = { amountFen, ...(chosenMethod === TEST_CHECKOUT ? {} : { method: chosenMethod as CheckoutMethod }) };
      const result = await apiFetch<CheckoutResult>("/api/billing/topup", { method: "post", json: body });
      if (/^https?:\/\//.test(result.url)) window.location.assign(result.url);
      else router.push(result.url);
    } catch (error) {
      setPending(false);
      toast({ variant: "destructive", title: error instanceof ApiError || error instanceof Error ? error.message : walletCopy.errors.topUpUnavailable });
    }
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={walletCopy.topUpTitle}>
        {options.amountsFen.map((fen) => (
          <Button key={fen} type="button" variant={fixed === fen && !custom.trim() ? "default" : "outline"} aria-pressed={fixed === fen && !custom.trim()} onClick={() => (setFixed(fen), setCustom(""))}>
            {formatAmountFen(fen)}
          </Button>
        ))}
      </div>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor="wallet-custom-amount">{walletCopy.customAmount}</Label>
        <Input id="wallet-custom-amount" inputMode="decimal" placeholder={`至少 ${formatAmountFen(options.minFen)}`} value={custom} onChange={(event) => setCustom(event.target.value)} aria-invalid={Boolean(custom.trim() && problem)} />
        {custom.trim() && problem ? <p className="text-sm text-destructive">{problem}</p> : null}
      </div>
      {methods.length > 1 ? (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor="wallet-top-up-method">支付方式</Label>
          <NativeSelect id="wallet-top-up-method" value={chosenMethod} onChange={(event) => setMethod(event.target.value)}>
            {methods.map((choice) => (
              <option key={choice} value={choice}>
                {choice === TEST_CHECKOUT ? "测试支付" : chinaCheckoutCopy.methods[choice as CheckoutMethod]}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <div>
        <Button type="button" onClick={topUp} disabled={pending || Boolean(problem) || !chosenMethod}>
          {pending ? "正在创建订单…" : amountFen && !problem ? `${walletCopy.topUpButton} ${formatAmountFen(amountFen)}` : walletCopy.topUpButton}
        </Button>
        {checkout && methods.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">暂未开通可用于充值的支付方式</p> : null}
      </div>
    </div>
  );
}
