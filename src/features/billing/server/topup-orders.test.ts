import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { walletBalance, walletLedgerEntries } from "@/features/wallet/server";
import { testTargetKinds, useTestDatabase } from "../../../../test/database-targets";
import { completeLocalOrder, getCheckoutOrder } from "./checkout-orders";
import { listPayments } from "./payments";
import { createPaymentProviders } from "./providers";
import { getSubscriptionSummary } from "./subscription-summary";
import { startTopUp } from "./topup-orders";

const providers = createPaymentProviders({ localTestMode: true });

describe.each(testTargetKinds())("余额充值 through the local test checkout on %s", (kind) => {
  const database = useTestDatabase(kind);
  const orderIdOf = (url: string) => /^\/checkout\/([0-9a-f-]{36})$/.exec(url)![1]!;

  it("a fixed or custom amount becomes an order; 支付成功 credits the balance once, with no plan", async () => {
    const userId = randomUUID();
    const { url } = await startTopUp(database.db, userId, { amountFen: 1234 }, { providers });
    expect(await getCheckoutOrder(database.db, userId, orderIdOf(url))).toMatchObject({ amount: 1234, status: "pending", provider: "local" });
    expect(await walletBalance(database.db, userId)).toBe(0);

    await completeLocalOrder(database.db, userId, orderIdOf(url));
    await expect(completeLocalOrder(database.db, userId, orderIdOf(url))).rejects.toMatchObject({ statusCode: 409 });
    expect(await walletBalance(database.db, userId)).toBe(1234);
    expect(await walletLedgerEntries(database.db, userId)).toMatchObject([{ kind: "topup", amountFen: 1234, balanceAfterFen: 1234, cause: "余额充值 ¥12.34" }]);
    expect(await listPayments(database.db, userId)).toMatchObject([{ planName: "余额充值", topUp: true, amount: 1234, reason: "checkout" }]);
    expect((await getSubscriptionSummary(database.db, userId)).plan.id).toBe("free");
  });

  it("refuses an amount under the operator's minimum or over the limit, and a checkout that cannot take one", async () => {
    const userId = randomUUID();
    await expect(startTopUp(database.db, userId, { amountFen: 99 }, { providers })).rejects.toMatchObject({ statusCode: 400, message: "充值金额至少 ¥1" });
    await expect(startTopUp(database.db, userId, { amountFen: 5_000_001 }, { providers })).rejects.toMatchObject({ statusCode: 400, message: "单次充值最多 ¥50,000" });
    await expect(startTopUp(database.db, userId, { amountFen: 1000 }, { providers: createPaymentProviders({}) })).rejects.toMatchObject({ statusCode: 503 });
    await expect(startTopUp(database.db, userId, { amountFen: 1000, method: "alipay_qr" }, { providers: createPaymentProviders({}) })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("in test mode, a 支付宝 top-up is simulated by the local checkout (its QR page), never by a real provider", async () => {
    const userId = randomUUID();
    const { url } = await startTopUp(database.db, userId, { amountFen: 1000, method: "alipay_qr" }, { providers });
    expect(url).toMatch(/^\/dashboard\/billing\/checkout\/[0-9a-f-]{36}$/);
    expect(await walletBalance(database.db, userId)).toBe(0);
  });
});
