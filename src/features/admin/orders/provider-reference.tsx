import { providerLabel } from "@/features/billing";

// The test checkout's simulated orders keep `test-qr:{brand}:{orderId}` (QR) or `test-page:{brand}:{orderId}`
// (the provider's page) as their provider handle (billing's local/simulated.ts): the operator reads 「支付宝（测试）」.
const TEST_QR = /^test-(?:qr|page):([a-z_]+):/;

/** 「支付宝（测试）」 for a simulated order's handle, else null (a real provider's id is shown as is). */
export function testReferenceLabel(reference: string | null): string | null {
  const brand = reference ? TEST_QR.exec(reference)?.[1] : undefined;
  return brand ? `${providerLabel(brand)}（测试）` : null;
}

/** An order's channel: the provider, or the one a test order simulated. */
export function orderChannelLabel(order: { provider: string; providerSessionId: string | null }): string {
  return testReferenceLabel(order.providerSessionId) ?? providerLabel(order.provider);
}

/** A provider's handle of an order or payment: its name when it is a test handle (the raw value on hover), else the id. */
export function ProviderReference({ reference }: { reference: string | null }) {
  if (!reference) return <>—</>;
  const label = testReferenceLabel(reference);
  return label ? (
    <span title={reference} className="cursor-help" translate="no">
      {label}
    </span>
  ) : (
    <span translate="no" className="break-all">
      {reference}
    </span>
  );
}
