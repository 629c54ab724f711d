"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { chinaCheckoutCopy } from "../china-checkout-copy";
import type { PaymentBrand } from "../checkout-methods";
import { QR_PROVIDERS } from "../payment-providers";

/** Test mode: pay this order on the real 微信支付 / 支付宝 QR page, with 模拟扫码支付 for the phone. */
export function TestQrOptions({ orderId }: { orderId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const { testQr } = chinaCheckoutCopy;

  async function choose(brand: PaymentBrand) {
    setBusy(true);
    try {
      const { redirectTo } = await apiFetch<{ redirectTo: string }>(`/api/checkout/${orderId}/test-qr`, { method: "post", json: { brand } });
      router.push(redirectTo);
    } catch (error) {
      setBusy(false);
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <section aria-label={testQr.title} className="grid gap-3 rounded-xl border border-dashed p-4">
      <h2 className="text-sm font-semibold">{testQr.title}</h2>
      <p className="text-sm text-muted-foreground">{testQr.description}</p>
      <div className="flex flex-wrap gap-2">
        {QR_PROVIDERS.map(({ id, label }) => (
          <Button key={id} variant="outline" disabled={busy} onClick={() => void choose(id)}>
            {label}
          </Button>
        ))}
      </div>
    </section>
  );
}
