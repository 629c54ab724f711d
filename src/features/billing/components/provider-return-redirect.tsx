"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

/**
 * 支付宝 page / wap pay comes back to the billing page with `?checkout=alipay&out_trade_no=…` (its
 * return_url), possibly before the notification: the order page takes over, asks Alipay and lands on
 * 支付成功 (or shows the order's state).
 */
export function ProviderReturnRedirect() {
  const params = useSearchParams();
  const router = useRouter();
  const outTradeNo = params.get("checkout") === "alipay" ? params.get("out_trade_no") : null;
  const match = outTradeNo ? /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(outTradeNo) : null;
  const orderId = match ? match.slice(1).join("-").toLowerCase() : null;

  useEffect(() => {
    if (orderId) router.replace(`/dashboard/billing/checkout/${orderId}`);
  }, [orderId, router]);
  return null;
}
