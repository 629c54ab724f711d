"use client";

import { Link } from "@/components/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { chinaCheckoutCopy } from "../china-checkout-copy";
import { DEFAULT_METHOD, type CheckoutAvailability, type CheckoutChoice } from "../checkout-methods";
import { formatPriceCny } from "../format";
import { providerDefinition } from "../payment-providers";
import { localDefinition } from "../server/local/definition";
import type { CheckoutFlow } from "./payment-method-dialog";

const copy = chinaCheckoutCopy;

function choiceLabel(choice: CheckoutChoice, defaultProvider: CheckoutAvailability["defaultProvider"]): string {
  if (choice !== DEFAULT_METHOD) return copy.methods[choice];
  // `default` is only offered when there is such a provider; the test checkout's line is the fallback as before.
  return (defaultProvider ? providerDefinition(defaultProvider) : localDefinition).checkoutLabel ?? "";
}

/** 选择支付方式: the ways to pay on this device, the device's best one chosen (loaded on demand, see payment-method-dialog.tsx). */
export default function PaymentMethodChooser({ flow }: { flow: CheckoutFlow }) {
  const { chooser } = flow;
  const jsapiBlocked = flow.wechatJsapi === "needs-wechat-sign-in";
  const usable = (choice: CheckoutChoice) => !(choice === "wechat_jsapi" && jsapiBlocked);
  // A choice belongs to the chooser it was made in; a new chooser starts on the device's best method.
  const [picked, setPicked] = useState<{ chooser: typeof chooser; choice: CheckoutChoice } | null>(null);
  const selected = picked && picked.chooser === chooser ? picked.choice : (chooser?.choices.find(usable) ?? null);
  const setSelected = (choice: CheckoutChoice) => setPicked({ chooser, choice });

  return (
    <Dialog open={chooser !== null} onOpenChange={(open) => !open && flow.closeChooser()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.chooser.title}</DialogTitle>
          {chooser ? <DialogDescription>{copy.chooser.description(chooser.item.planName, chooser.item.priceFen === undefined ? undefined : formatPriceCny(chooser.item.priceFen / 100))}</DialogDescription> : null}
        </DialogHeader>
        <div role="radiogroup" aria-label={copy.chooser.title} className="grid gap-2">
          {chooser?.choices.map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={selected === choice}
              disabled={!usable(choice)}
              onClick={() => setSelected(choice)}
              className={cn(
                "rounded-lg border px-4 py-3 text-left text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50",
                selected === choice ? "border-primary bg-primary/5 ring-1 ring-primary" : "hover:bg-muted",
              )}
            >
              {choiceLabel(choice, flow.defaultProvider)}
            </button>
          ))}
        </div>
        {flow.testMode ? (
          <p role="note" className="text-sm text-muted-foreground">
            {copy.chooser.testModeNote}
          </p>
        ) : null}
        {jsapiBlocked && chooser?.choices.includes("wechat_jsapi") ? (
          <p role="note" className="text-sm text-muted-foreground">
            {copy.chooser.jsapiNeedsWechat}{" "}
            <Link className="font-medium text-primary underline" href="/dashboard/settings#identities">
              {copy.chooser.signInWithWechat}
            </Link>
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{copy.chooser.cancel}</Button>
          </DialogClose>
          <Button disabled={!selected || !chooser} onClick={() => chooser && selected && void flow.pay(chooser.planId, chooser.interval, selected)}>
            {copy.chooser.pay}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
