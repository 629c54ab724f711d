import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkoutOrders, checkoutRefunds, invoiceRequests } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../../test/database-targets";
import { localRefundGateway, refundOrder } from "../refunds";
import { listOrdersWithInvoices, requestInvoice } from "./invoice-requests";

describe.each(testTargetKinds())("invoice requests on %s", (kind) => {
  const database = useTestDatabase(kind);
  async function order(userId: string, status: "pending" | "paid" | "canceled", provider: "local" | "alipay" | "wechat_pay" = "local") {
    const [row] = await database.db
      .insert(checkoutOrders)
      .values({ userId, planId: "pro", interval: "month", amount: 4900, provider, status, completedAt: status === "pending" ? null : new Date() })
      .returning();
    return row!;
  }
  const body = (orderId: string) => ({ orderId, titleType: "personal" as const, title: "张三", email: "zhangsan@example.com" });

  it("a user requests one 普通发票 for an own paid order; it shows as 待开具 beside the order", async () => {
    const userId = randomUUID();
    const paid = await order(userId, "paid");
    expect((await listOrdersWithInvoices(database.db, userId))[0]).toMatchObject({ orderId: paid.id, amount: 4900, invoiceable: true, invoice: null });
    const created = await requestInvoice(database.db, userId, { ...body(paid.id), titleType: "company", title: "示例科技有限公司", taxNumber: "91110000MA01ABCD2X" });
    expect(created).toMatchObject({ orderId: paid.id, userId, status: "pending", taxNumber: "91110000MA01ABCD2X" });
    expect((await listOrdersWithInvoices(database.db, userId))[0]).toMatchObject({ invoiceable: false, invoice: { status: "pending", title: "示例科技有限公司", invoiceNumber: null } });
    await expect(requestInvoice(database.db, userId, body(paid.id))).rejects.toMatchObject({ statusCode: 409, message: "该订单已申请过发票" });
  });

  it("two requests for one order at once: one wins, the other is refused", async () => {
    const userId = randomUUID();
    const paid = await order(userId, "paid");
    const results = await Promise.allSettled([requestInvoice(database.db, userId, body(paid.id)), requestInvoice(database.db, userId, body(paid.id))]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("another user's order is missing (404) and nothing is written; unpaid and closed orders are refused", async () => {
    const owner = randomUUID();
    const attacker = randomUUID();
    const paid = await order(owner, "paid");
    await expect(requestInvoice(database.db, attacker, body(paid.id))).rejects.toMatchObject({ statusCode: 404, message: "订单不存在" });
    await expect(requestInvoice(database.db, attacker, body(randomUUID()))).rejects.toMatchObject({ statusCode: 404 });
    expect(await listOrdersWithInvoices(database.db, attacker)).toEqual([]);
    await expect(requestInvoice(database.db, owner, body((await order(owner, "pending")).id))).rejects.toMatchObject({ statusCode: 409, message: "只有已支付的订单可以申请发票" });
    await expect(requestInvoice(database.db, owner, body((await order(owner, "canceled")).id))).rejects.toMatchObject({ statusCode: 409 });
    const { eq } = await import("drizzle-orm");
    expect(await database.db.select().from(invoiceRequests).where(eq(invoiceRequests.userId, attacker))).toEqual([]);
    // Unpaid orders are not listed on the billing page at all.
    expect((await listOrdersWithInvoices(database.db, owner)).map((row) => row.orderId)).toEqual([paid.id]);
  });

  it("an order refunded in part, or with a refund under way, cannot be invoiced; a failed refund does not count", async () => {
    const userId = randomUUID();
    const refunded = await order(userId, "paid");
    // Through billing's one refund logic (the local provider records the refund at once).
    await refundOrder(database.db, refunded.id, 100, "部分退款", { userId: randomUUID(), ip: null }, { gateways: { local: localRefundGateway } });
    await expect(requestInvoice(database.db, userId, body(refunded.id))).rejects.toMatchObject({ statusCode: 409, message: "该订单已退款，不能开具发票" });
    const underWay = await order(userId, "paid", "wechat_pay");
    await database.db.insert(checkoutRefunds).values({ orderId: underWay.id, userId, provider: "wechat_pay", amount: 4900, reason: "退款", actorId: randomUUID(), status: "pending" });
    await expect(requestInvoice(database.db, userId, body(underWay.id))).rejects.toMatchObject({ statusCode: 409, message: "该订单已退款，不能开具发票" });
    const failed = await order(userId, "paid", "alipay");
    await database.db.insert(checkoutRefunds).values({ orderId: failed.id, userId, provider: "alipay", amount: 4900, reason: "退款", actorId: randomUUID(), status: "failed" });
    const listed = await listOrdersWithInvoices(database.db, userId);
    expect(Object.fromEntries(listed.map((row) => [row.orderId, row.invoiceable]))).toEqual({ [refunded.id]: false, [underWay.id]: false, [failed.id]: true });
  });
});
