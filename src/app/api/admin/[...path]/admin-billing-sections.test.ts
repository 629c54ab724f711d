// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 18 §4 套餐 and issue 20 §6 发票 through the console's API: add / edit / delete plans with
// their rules and validation, and 发票 requests marked issued — each audited. Who may call these
// routes at all is proven in admin-access.test.ts.
const dataDir = stubEmbeddedAppEnv("admin-billing-sections", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { adminAuditLog, checkoutOrders, checkoutRefunds, closeDatabase, getDatabase } = await import("@/lib/db");
const { listOrdersWithInvoices, requestInvoice } = await import("@/features/billing/server");
const { eq } = await import("drizzle-orm");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newUser, newAdmin, api } = await startAdminTestKit();

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the 发票 section", () => {
  it("lists requests by status and marks one issued once, with its number, audited", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const db = await getDatabase();
    const [order] = await db.insert(checkoutOrders).values({ userId: user.id, planId: "pro", interval: "month", amount: 4900, provider: "local", status: "paid", completedAt: new Date() }).returning();
    const request = await requestInvoice(db, user.id, { orderId: order!.id, titleType: "company", title: "示例科技有限公司", taxNumber: "91110000MA01ABCD2X", email: "finance@example.com" });

    const pending = await api(admin.cookie, "GET", "invoices");
    expect(pending.status).toBe(200);
    const row = (pending.body as { rows: { id: string }[] }).rows.find((candidate) => candidate.id === request.id);
    expect(row).toMatchObject({ userId: user.id, email: user.email, amount: 4900, titleType: "company", title: "示例科技有限公司", taxNumber: "91110000MA01ABCD2X", invoiceEmail: "finance@example.com", status: "pending" });

    for (const body of [{ invoiceNumber: "<b>1</b>" }, { invoiceNumber: "1".repeat(41) }, { invoiceNumber: "1", status: "pending" }]) {
      expect(await api(admin.cookie, "POST", `invoices/${request.id}/issue`, body), JSON.stringify(body)).toMatchObject({ status: 400 });
    }
    expect(await api(admin.cookie, "POST", "invoices/not-a-uuid/issue", {})).toMatchObject({ status: 404 });
    expect(await api(admin.cookie, "POST", `invoices/${request.id}/issue`, { invoiceNumber: "24110000000000000001" })).toMatchObject({
      status: 200,
      body: { id: request.id, status: "issued", invoiceNumber: "24110000000000000001" },
    });
    expect(await api(admin.cookie, "POST", `invoices/${request.id}/issue`, {})).toMatchObject({ status: 409, body: { message: "这张发票已标记为已开具" } });

    const issued = (await api(admin.cookie, "GET", "invoices?status=issued")).body as { rows: { id: string; status: string }[] };
    expect(issued.rows.find((candidate) => candidate.id === request.id)).toMatchObject({ status: "issued" });
    const stillPending = (await api(admin.cookie, "GET", "invoices?status=pending")).body as { rows: { id: string }[] };
    expect(stillPending.rows.map((candidate) => candidate.id)).not.toContain(request.id);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(audit.map((entry) => [entry.actorId, entry.action, entry.before, entry.after])).toEqual([
      [admin.id, "invoice.issue", { invoiceRequestId: request.id, orderId: order!.id, status: "pending" }, { status: "issued", invoiceNumber: "24110000000000000001" }],
    ]);
    expect((await listOrdersWithInvoices(db, user.id))[0]).toMatchObject({ invoice: { status: "issued", invoiceNumber: "24110000000000000001" } });
  });

  // Issue 38 item 5: requested, then the order was refunded in full — marking it issued needs the operator's confirmation.
  it("asks for a confirmation before marking issued an invoice whose order was fully refunded after the request", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const db = await getDatabase();
    const [order] = await db.insert(checkoutOrders).values({ userId: user.id, planId: "pro", interval: "month", amount: 4900, provider: "local", status: "paid", completedAt: new Date() }).returning();
    const request = await requestInvoice(db, user.id, { orderId: order!.id, titleType: "personal", title: "张三", email: "zhang@example.com" });
    const refund = { orderId: order!.id, userId: user.id, provider: "local" as const, reason: "用户申请", status: "succeeded" as const };
    await db.insert(checkoutRefunds).values({ ...refund, amount: 900 });
    // Partly refunded: no question asked (the rest was paid).
    const partly = (await api(admin.cookie, "GET", "invoices")).body as { rows: { id: string; refunded: number }[] };
    expect(partly.rows.find((row) => row.id === request.id)).toMatchObject({ refunded: 900 });
    await db.insert(checkoutRefunds).values({ ...refund, amount: 4000 });
    const listed = (await api(admin.cookie, "GET", "invoices")).body as { rows: { id: string; refunded: number; amount: number }[] };
    expect(listed.rows.find((row) => row.id === request.id)).toMatchObject({ refunded: 4900, amount: 4900 });

    expect(await api(admin.cookie, "POST", `invoices/${request.id}/issue`, {})).toMatchObject({ status: 409, body: { message: "该订单已全额退款，请确认后再标记为已开具" } });
    expect(await api(admin.cookie, "POST", `invoices/${request.id}/issue`, { confirmRefunded: false })).toMatchObject({ status: 400 });
    expect((await api(admin.cookie, "GET", "invoices?status=pending")).body).toMatchObject({ rows: expect.arrayContaining([expect.objectContaining({ id: request.id })]) });
    expect(await api(admin.cookie, "POST", `invoices/${request.id}/issue`, { confirmRefunded: true })).toMatchObject({ status: 200, body: { status: "issued" } });
    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(entry).toMatchObject({ action: "invoice.issue", after: { status: "issued", invoiceNumber: null, orderRefunded: true } });
  });
});

describe("the 套餐 section", () => {
  const fields = {
    name: "企业版",
    description: "私有部署与专属支持",
    monthlyPriceFen: 99_900,
    yearlyPriceFen: 999_000,
    monthlyTokenQuota: 50_000_000,
    storageBytes: 1024 ** 4,
    maxConcurrentAiCalls: 16,
    features: ["专属客户经理"],
    visible: true,
    position: 30,
    stripeMonthPriceId: null,
    stripeYearPriceId: "",
  };

  it("adds, edits and deletes a plan through the API, each audited", async () => {
    const admin = await newAdmin();
    const created = await api(admin.cookie, "POST", "plans", { id: "enterprise-a", ...fields });
    expect(created).toMatchObject({ status: 200, body: { id: "enterprise-a", monthlyPriceFen: 99_900, stripeYearPriceId: null, subscribers: 0 } });
    expect(await api(admin.cookie, "POST", "plans", { id: "enterprise-a", ...fields })).toMatchObject({ status: 409 });
    expect(await api(admin.cookie, "POST", "plans/enterprise-a", { ...fields, monthlyPriceFen: 88_800, visible: false })).toMatchObject({ status: 200, body: { monthlyPriceFen: 88_800, visible: false } });
    const listed = await api(admin.cookie, "GET", "plans");
    expect((listed.body as { plans: { id: string }[] }).plans.map((plan) => plan.id)).toEqual(["free", "pro", "team", "enterprise-a"]);
    expect(await api(admin.cookie, "DELETE", "plans/enterprise-a")).toMatchObject({ status: 200 });
    expect(await api(admin.cookie, "DELETE", "plans/enterprise-a")).toMatchObject({ status: 404 });
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id)).orderBy(adminAuditLog.createdAt);
    expect(audit.map((entry) => entry.action)).toEqual(["plans.create", "plans.update", "plans.delete"]);
    expect(audit[1]!.before).toMatchObject({ planId: "enterprise-a", monthlyPriceFen: 99_900, visible: true });
    expect(audit[1]!.after).toMatchObject({ planId: "enterprise-a", monthlyPriceFen: 88_800, visible: false });
  });

  it("refuses negative, fractional and huge amounts, bad ids and extra fields with Chinese messages", async () => {
    const admin = await newAdmin();
    const bad: [Record<string, unknown>, string][] = [
      [{ monthlyPriceFen: -1 }, "月付价格不能为负数"],
      [{ monthlyPriceFen: 49.9 }, "月付价格必须是整数（单位：分）"],
      [{ yearlyPriceFen: 1e12 }, "年付价格不能超过 100 万元"],
      [{ yearlyPriceFen: "4900" }, "年付价格必须是数字"],
      [{ monthlyTokenQuota: 1e10 }, "每月 Token 额度不能超过 10 亿"],
      [{ monthlyTokenQuota: -5 }, "每月 Token 额度不能为负数"],
      [{ storageBytes: 1.5 }, "存储空间必须是整数"],
      [{ maxConcurrentAiCalls: 0 }, "并发数至少为 1"],
      [{ name: "  " }, "请填写套餐名称"],
      [{ stripeMonthPriceId: "prod_123" }, "Stripe 月付价格 ID应以 price_ 开头"],
      [{ features: ["x".repeat(101)] }, "每条功能亮点最多 100 个字"],
    ];
    for (const [change, message] of bad) {
      const answer = await api(admin.cookie, "POST", "plans/pro", { ...fields, ...change });
      expect(answer, JSON.stringify(change).slice(0, 60)).toMatchObject({ status: 400, body: { statusCode: 400, message: expect.stringContaining(message) } });
    }
    expect(await api(admin.cookie, "POST", "plans/pro", { ...fields, subscribers: 0 })).toMatchObject({ status: 400 });
    expect(await api(admin.cookie, "POST", "plans", { id: "Bad Id", ...fields })).toMatchObject({ status: 400, body: { message: expect.stringContaining("套餐 ID") } });
    expect(await api(admin.cookie, "POST", "plans/no-such-plan", fields)).toMatchObject({ status: 404, body: { message: "套餐不存在" } });
    const audit = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(audit).toEqual([]);
  });

  it("never hides, prices or deletes the free plan, and deletes no plan with subscribers", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const free = { ...fields, name: "免费版", monthlyPriceFen: 0, yearlyPriceFen: 0 };
    expect(await api(admin.cookie, "POST", "plans/free", { ...free, visible: false })).toMatchObject({ status: 400, body: { message: "免费版不能隐藏" } });
    expect(await api(admin.cookie, "POST", "plans/free", { ...free, monthlyPriceFen: 100 })).toMatchObject({ status: 400, body: { message: "免费版的价格必须为 0" } });
    expect(await api(admin.cookie, "DELETE", "plans/free")).toMatchObject({ status: 400, body: { message: "免费版不能删除" } });
    expect(await api(admin.cookie, "POST", `users/${user.id}/plan`, { planId: "team" })).toMatchObject({ status: 200 });
    expect(await api(admin.cookie, "DELETE", "plans/team")).toMatchObject({ status: 409, body: { message: expect.stringContaining("请改为隐藏") } });
    expect(await api(admin.cookie, "POST", `users/${user.id}/plan`, { planId: "free" })).toMatchObject({ status: 200 });
  });
});
