import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// First: the request scope sets up what `next start` has before anything of Next.js loads.
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A production server with embedded defaults: no Stripe key and no CHECKOUT_TEST_MODE. Only "who is
// signed in" is stubbed; the routes, the billing code and the database are the real ones.
const dataDir = mkdtempSync(path.join(tmpdir(), "spark-checkout-closed-"));
vi.stubEnv("NODE_ENV", "production");
vi.stubEnv("DATA_DIR", dataDir);
vi.stubEnv("DATABASE_URL", "");
vi.stubEnv("STRIPE_SECRET_KEY", "");
vi.stubEnv("CHECKOUT_TEST_MODE", "");
const userId = randomUUID();
vi.mock("@/features/auth/server", () => ({ requireCurrentUserId: async () => userId }));

const checkoutRoute = await import("./route");
const completeRoute = await import("./[id]/complete/route");
const { getSubscriptionSummary } = await import("@/features/billing/server");
const { createCheckoutOrder } = await import("@/features/billing/server/checkout-orders");
const { SEED_PLANS } = await import("@/features/billing/server/plan-seed");
const findPlan = (id: string) => SEED_PLANS.find((plan) => plan.id === id);
const { closeDatabase, getDatabase } = await import("@/lib/db");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const startCheckout = (body: unknown) =>
  callRouteHandler(
    checkoutRoute.POST,
    new Request("http://localhost:3000/api/checkout", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  );

describe("checkout without CHECKOUT_TEST_MODE (production, no Stripe key)", () => {
  beforeAll(async () => {
    await getDatabase();
  });

  it("answers POST /api/checkout with 503 and a Chinese message; the plan stays free", async () => {
    const response = await startCheckout({ planId: "team", interval: "month" });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ statusCode: 503, message: "在线支付暂未开通，敬请期待" });
    expect((await getSubscriptionSummary(await getDatabase(), userId)).plan.id).toBe("free");
  });

  it("refuses to confirm a local test-mode order (e.g. one left from before the switch)", async () => {
    const db = await getDatabase();
    const order = await createCheckoutOrder(db, { userId, plan: findPlan("team")!, interval: "year", amount: 0, provider: "local" });
    const context = { params: Promise.resolve({ id: order.id }) };
    const response = await callRouteHandler(
      (request) => completeRoute.POST(request, context),
      new Request(`http://localhost:3000/api/checkout/${order.id}/complete`, { method: "POST" }),
    );
    expect(response.status).toBe(503);
    expect((await getSubscriptionSummary(db, userId)).plan.id).toBe("free");
  });

  it("tells the pricing page that online payment is not open", async () => {
    const response = await callRouteHandler(checkoutRoute.GET, new Request("http://localhost:3000/api/checkout"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ open: false, testMode: false, defaultProvider: null, methods: [], wechatJsapi: null });
  });

  it("refuses a 微信支付 / 支付宝 method that is not configured (400), whatever the body claims", async () => {
    const response = await startCheckout({ planId: "pro", interval: "month", method: "wechat_native" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: "该支付方式暂未开通，请选择其他支付方式" });
    expect((await startCheckout({ planId: "pro", interval: "month", method: "paypal" })).status).toBe(400);
  });

  it("keeps the test-mode QR endpoints closed (503)", async () => {
    const db = await getDatabase();
    const order = await createCheckoutOrder(db, { userId, plan: findPlan("pro")!, interval: "month", amount: 4900, provider: "local" });
    const context = { params: Promise.resolve({ id: order.id }) };
    const post = (route: { POST: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response> }, path: string, body?: unknown) =>
      callRouteHandler(
        (request) => route.POST(request, context),
        new Request(`http://localhost:3000/api/checkout/${order.id}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body ?? {}) }),
      );
    expect((await post(await import("./[id]/test-qr/route"), "test-qr", { brand: "wechat_pay" })).status).toBe(503);
    expect((await post(await import("./[id]/simulate-scan/route"), "simulate-scan")).status).toBe(503);
    expect((await getSubscriptionSummary(db, userId)).plan.id).toBe("free");
  });

  it("answers the order status route with 404 for an order of another user", async () => {
    const db = await getDatabase();
    const theirs = await createCheckoutOrder(db, { userId: randomUUID(), plan: findPlan("pro")!, interval: "month", amount: 4900, provider: "local" });
    const statusRoute = await import("./[id]/status/route");
    const response = await callRouteHandler(
      (request) => statusRoute.GET(request, { params: Promise.resolve({ id: theirs.id }) }),
      new Request(`http://localhost:3000/api/checkout/${theirs.id}/status`),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: "订单不存在" });
  });
});
