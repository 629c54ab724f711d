// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 18 §5 订单 through the console's API: the list filtered by user e-mail / status / provider /
// day, an order's page, the CSV export, and a refund (local test checkout: the embedded app has no
// real provider configured) with its audit row; hostile bodies and other users' ids refused.
const SITE = "http://localhost:3000";
const dataDir = stubEmbeddedAppEnv("admin-orders", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60", CHECKOUT_TEST_MODE: "on" });

const { setAdminRole } = await import("@/features/admin/server/admin-role");
const { adminAuditLog, checkoutOrders, closeDatabase, getDatabase } = await import("@/lib/db");
const { getSubscriptionSummary, listPayments } = await import("@/features/billing/server");
const { completeLocalOrder } = await import("@/features/billing/server/checkout-orders");
const { eq } = await import("drizzle-orm");
const adminRoute = await import("./route");
const { startAdminTestKit } = await import("./admin-test-kit");
const { service, newUser, signIn, cookieHeader, headersFor, api } = await startAdminTestKit();

let admin: { id: string; email: string; cookie: string };
let buyer: { id: string; email: string };
let paidOrderId: string;
let pendingOrderId: string;

beforeAll(async () => {
  const operator = await newUser("orders-admin@example.com");
  await setAdminRole(service, (await service.auth.admin.getUserById(operator.id)).data.user!, true);
  admin = { ...operator, cookie: await cookieHeader((await signIn(operator.email)).session) };
  buyer = await newUser("buyer@example.com");
  const db = await getDatabase();
  const order = (values: Partial<typeof checkoutOrders.$inferInsert>) =>
    db.insert(checkoutOrders).values({ userId: buyer.id, planId: "pro", interval: "month", amount: 4900, provider: "local", ...values }).returning();
  const [paid] = await order({ createdAt: new Date("2026-11-20T02:00:00Z") });
  await completeLocalOrder(db, buyer.id, paid!.id, new Date());
  paidOrderId = paid!.id;
  const [pending] = await order({ createdAt: new Date("2026-11-21T02:00:00Z") });
  pendingOrderId = pending!.id;
  // Someone else's order, with a provider id that Excel would run as a formula.
  const other = await newUser("someone-else@example.com");
  await db.insert(checkoutOrders).values({ userId: other.id, planId: "team", interval: "year", amount: 99900, provider: "stripe", providerSessionId: "=HYPERLINK(\"http://x\")", createdAt: new Date("2026-11-22T02:00:00Z") });
}, 180_000); // the first call starts the embedded services (migrations, keys)
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

type OrdersPage = { orders: { id: string; status: string; user: { email: string } }[]; total: number; userMatched: boolean };

describe("the 订单 section", () => {
  it("lists orders newest first, filtered by the user's e-mail, status, provider and China-time day", async () => {
    const all = (await api(admin.cookie, "GET", "orders")).body as OrdersPage;
    expect(all.total).toBe(3);
    expect(all.orders.map((order) => order.user.email)).toEqual(["someone-else@example.com", "buyer@example.com", "buyer@example.com"]);
    const mine = (await api(admin.cookie, "GET", `orders?user=${encodeURIComponent(buyer.email)}`)).body as OrdersPage;
    expect(mine).toMatchObject({ total: 2, userMatched: true });
    expect(mine.orders.map((order) => order.id)).toEqual([pendingOrderId, paidOrderId]);
    expect(((await api(admin.cookie, "GET", `orders?user=${buyer.id}&status=paid`)).body as OrdersPage).orders.map((order) => order.id)).toEqual([paidOrderId]);
    expect(((await api(admin.cookie, "GET", "orders?provider=stripe")).body as OrdersPage).total).toBe(1);
    // 2026-11-21 02:00Z is 10:00 on the 21st in China.
    expect(((await api(admin.cookie, "GET", "orders?from=2026-11-21&to=2026-11-21")).body as OrdersPage).orders.map((order) => order.id)).toEqual([pendingOrderId]);
    expect(await api(admin.cookie, "GET", "orders?user=nobody-here@example.com")).toMatchObject({ status: 200, body: { total: 0, orders: [] } });
    // Malformed filters filter nothing rather than erring.
    expect(((await api(admin.cookie, "GET", "orders?status=<script>&from=yesterday&page=-4")).body as OrdersPage).total).toBe(3);
  });

  it("exports the filtered list as CSV with a BOM and formulas neutralised", async () => {
    const url = `${SITE}/api/admin/orders.csv?provider=stripe`;
    const csv = await callRouteHandler((request) => adminRoute.GET(request, { params: Promise.resolve({ path: ["orders.csv"] }) }), new NextRequest(url, { headers: await headersFor(url, admin.cookie) }));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith("订单号,订单 ID,下单时间")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("someone-else@example.com");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(",999,");
  });

  it("refunds a paid order in full: 免费版, a negative payment row, the order's page and an audit row", async () => {
    const db = await getDatabase();
    expect((await getSubscriptionSummary(db, buyer.id)).plan.id).toBe("pro");
    const requestId = randomUUID();
    const refund = await api(admin.cookie, "POST", `orders/${paidOrderId}/refund`, { amount: "49", reason: "用户申请退款", requestId });
    expect(refund).toMatchObject({ status: 200, body: { refundId: requestId, amount: 4900, status: "succeeded", remaining: 0, planEnded: true } });
    expect((await getSubscriptionSummary(db, buyer.id)).plan.id).toBe("free");
    expect((await listPayments(db, buyer.id)).map((payment) => [payment.reason, payment.amount])).toEqual([
      ["refund", -4900],
      ["checkout", 4900],
    ]);
    const detail = await api(admin.cookie, "GET", `orders/${paidOrderId}`);
    expect(detail).toMatchObject({ status: 200, body: { refundable: 0, refunded: 4900, refunds: [{ id: requestId, amount: 4900, status: "succeeded", reason: "用户申请退款" }], subscription: { planName: "免费版" } } });
    // The same request again (a double click): refused, nothing more.
    expect(await api(admin.cookie, "POST", `orders/${paidOrderId}/refund`, { amount: "49", reason: "用户申请退款", requestId })).toMatchObject({ status: 409 });
    expect(await api(admin.cookie, "POST", `orders/${paidOrderId}/refund`, { amount: "0.01", reason: "再退", requestId: randomUUID() })).toEqual({ status: 400, body: { statusCode: 400, message: "这笔订单已全额退款" } });
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, buyer.id));
    expect(audit).toMatchObject([{ actorId: admin.id, action: "order.refund", after: { orderId: paidOrderId, amount: 4900, reason: "用户申请退款" } }]);
  });

  it("lists every payment (the charge and the refund, negative) in the 付款记录 view, and exports it", async () => {
    type PaymentsPage = { payments: { reason: string; amount: number; user: { email: string } }[]; total: number };
    const mine = (await api(admin.cookie, "GET", `payments?user=${encodeURIComponent(buyer.email)}`)).body as PaymentsPage;
    expect(mine.payments.map((payment) => [payment.reason, payment.amount, payment.user.email])).toEqual([
      ["refund", -4900, "buyer@example.com"],
      ["checkout", 4900, "buyer@example.com"],
    ]);
    expect(((await api(admin.cookie, "GET", "payments?provider=stripe")).body as PaymentsPage).total).toBe(0);
    const url = `${SITE}/api/admin/orders.csv?view=payments&user=${buyer.id}`;
    const csv = await callRouteHandler((request) => adminRoute.GET(request, { params: Promise.resolve({ path: ["orders.csv"] }) }), new NextRequest(url, { headers: await headersFor(url, admin.cookie) }));
    const lines = Buffer.from(await csv.arrayBuffer()).subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("时间,用户 ID,邮箱,手机号,套餐,周期,渠道,类型,金额（元）,渠道流水,周期开始,周期结束");
    expect(lines.slice(1).map((line) => line.split(",")[8])).toEqual(["-49", "49"]);
  });

  it("refuses an unpaid order, unknown ids and hostile bodies", async () => {
    const body = (extra: Record<string, unknown> = {}) => ({ amount: "1.00", reason: "x", requestId: randomUUID(), ...extra });
    expect(await api(admin.cookie, "POST", `orders/${pendingOrderId}/refund`, body())).toEqual({ status: 409, body: { statusCode: 409, message: "订单未支付，不能退款" } });
    expect((await api(admin.cookie, "POST", `orders/${randomUUID()}/refund`, body())).status).toBe(404);
    expect((await api(admin.cookie, "POST", "orders/not-a-uuid/refund", body())).status).toBe(404);
    expect((await api(admin.cookie, "GET", `orders/${randomUUID()}`)).status).toBe(404);
    for (const bad of [{ amount: "1.001" }, { amount: "1e3" }, { amount: "-1" }, { amount: "0" }, { amount: 1 }, { amount: "" }, { reason: "  " }, { reason: "x".repeat(201) }, { requestId: "1" }, { userId: buyer.id }]) {
      expect((await api(admin.cookie, "POST", `orders/${pendingOrderId}/refund`, body(bad))).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
