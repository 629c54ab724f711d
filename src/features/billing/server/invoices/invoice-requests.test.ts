import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingWebhookEvents, checkoutOrders, invoiceRequests, openDatabase, payments, type DatabaseHandle } from "@/lib/db";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../../test/database-targets";
import { listOrdersWithInvoices, requestInvoice } from "./invoice-requests";

describe.each(testTargetKinds())("invoice requests on %s", (kind) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    handle = await openDatabase(testDb.target);
  });
  afterAll(async () => {
    await handle.close();
    await testDb.dispose();
  });

  async function order(userId: string, status: "pending" | "paid" | "canceled", provider: "local" | "alipay" | "wechat_pay" = "local") {
    const [row] = await handle.db
      .insert(checkoutOrders)
      .values({ userId, planId: "pro", interval: "month", amount: 4900, provider, status, completedAt: status === "pending" ? null : new Date() })
      .returning();
    return row!;
  }
  const body = (orderId: string) => ({ orderId, titleType: "personal" as const, title: "张三", email: "zhangsan@example.com" });

  it("a user requests one 普通发票 for an own paid order; it shows as 待开具 beside the order", async () => {
    const userId = randomUUID();
    const paid = await order(userId, "paid");
    expect((await listOrdersWithInvoices(handle.db, userId))[0]).toMatchObject({ orderId: paid.id, amount: 4900, invoiceable: true, invoice: null });
    const created = await requestInvoice(handle.db, userId, { ...body(paid.id), titleType: "company", title: "示例科技有限公司", taxNumber: "91110000MA01ABCD2X" });
    expect(created).toMatchObject({ orderId: paid.id, userId, status: "pending", taxNumber: "91110000MA01ABCD2X" });
    expect((await listOrdersWithInvoices(handle.db, userId))[0]).toMatchObject({ invoiceable: false, invoice: { status: "pending", title: "示例科技有限公司", invoiceNumber: null } });
    await expect(requestInvoice(handle.db, userId, body(paid.id))).rejects.toMatchObject({ statusCode: 409, message: "该订单已申请过发票" });
  });

  it("two requests for one order at once: one wins, the other is refused", async () => {
    const userId = randomUUID();
    const paid = await order(userId, "paid");
    const results = await Promise.allSettled([requestInvoice(handle.db, userId, body(paid.id)), requestInvoice(handle.db, userId, body(paid.id))]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("another user's order is missing (404) and nothing is written; unpaid and closed orders are refused", async () => {
    const owner = randomUUID();
    const attacker = randomUUID();
    const paid = await order(owner, "paid");
    await expect(requestInvoice(handle.db, attacker, body(paid.id))).rejects.toMatchObject({ statusCode: 404, message: "订单不存在" });
    await expect(requestInvoice(handle.db, attacker, body(randomUUID()))).rejects.toMatchObject({ statusCode: 404 });
    expect(await listOrdersWithInvoices(handle.db, attacker)).toEqual([]);
    await expect(requestInvoice(handle.db, owner, body((await order(owner, "pending")).id))).rejects.toMatchObject({ statusCode: 409, message: "只有已支付的订单可以申请发票" });
    await expect(requestInvoice(handle.db, owner, body((await order(owner, "canceled")).id))).rejects.toMatchObject({ statusCode: 409 });
    const { eq } = await import("drizzle-orm");
    expect(await handle.db.select().from(invoiceRequests).where(eq(invoiceRequests.userId, attacker))).toEqual([]);
    // Unpaid orders are not listed on the billing page at all.
    expect((await listOrdersWithInvoices(handle.db, owner)).map((row) => row.orderId)).toEqual([paid.id]);
  });

  it("a refunded order (Alipay refund row, 微信支付 refund event) cannot be invoiced", async () => {
    const userId = randomUUID();
    const alipay = await order(userId, "paid", "alipay");
    await handle.db.insert(payments).values({ userId, planId: "pro", interval: "month", amount: -100, provider: "alipay", providerPaymentId: `refund:${alipay.id}:1`, reason: "refund" });
    await expect(requestInvoice(handle.db, userId, body(alipay.id))).rejects.toMatchObject({ statusCode: 409, message: "该订单已退款，不能开具发票" });
    const wechat = await order(userId, "paid", "wechat_pay");
    await handle.db.insert(billingWebhookEvents).values({ id: `wechat_pay:refund:${wechat.id.replace(/-/g, "")}_a1b2c3`, provider: "wechat_pay", type: "REFUND.SUCCESS" });
    await expect(requestInvoice(handle.db, userId, body(wechat.id))).rejects.toMatchObject({ statusCode: 409, message: "该订单已退款，不能开具发票" });
    const listed = await listOrdersWithInvoices(handle.db, userId);
    expect(listed.map((row) => row.invoiceable)).toEqual([false, false]);
  });
});
