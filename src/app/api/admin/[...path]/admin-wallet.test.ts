// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { NextRequest } from "next/server";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 35 items 3 and 4: the operator sets each app's price (倍率, input / output prices, per call) in the
// console; admission charges it (metering) and /pricing lists it.
const dataDir = stubEmbeddedAppEnv("admin-wallet", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { adminAuditLog, closeDatabase, getDatabase, redeemCodes } = await import("@/lib/db");
const { redeemCode, walletBalance } = await import("@/features/wallet/server");
const { appCallPrice } = await import("@/features/metering/server");
const { eq } = await import("drizzle-orm");
const { createElement } = await import("react");
const { renderToStaticMarkup } = await import("react-dom/server");
const { PriceList } = await import("@/features/metering");
const { listPublicPrices } = await import("@/features/marketing/server");
const { getDoc, renderMdx } = await import("@/features/content/server");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newUser, newAdmin, signIn, cookieHeader, headersFor, api } = await startAdminTestKit();
const adminRoute = await import("./route");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("价格 in the console", () => {
  it("sets an app's 倍率 or per-call price (audited), refuses bad input and non-operators, and resets it", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const userCookie = await cookieHeader((await signIn(user.email)).session);
    const x2 = { mode: "tokens", multiplierPermille: 2000, inputFenPerMillion: null, outputFenPerMillion: null, callFen: null };
    // The console answers a non-operator as if it did not exist.
    expect((await api(userCookie, "POST", "prices/demo-chat", x2)).status).toBe(404);
    for (const body of [
      { ...x2, multiplierPermille: 0 },
      { ...x2, multiplierPermille: 1.5 },
      { ...x2, inputFenPerMillion: -1 },
      { ...x2, mode: "call" },
      { ...x2, extra: true },
    ]) {
      expect((await api(admin.cookie, "POST", "prices/demo-chat", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(admin.cookie, "POST", "prices/no-such-app", x2)).status).toBe(404);

    expect((await api(admin.cookie, "POST", "prices/demo-chat", x2)).status).toBe(200);
    const db = await getDatabase();
    expect(await appCallPrice(db, "demo-chat")).toMatchObject({ mode: "tokens", multiplierPermille: 2000, inputFenPerMillion: 1000 });
    const listed = (await api(admin.cookie, "GET", "prices")).body as { prices: { appid: string; price: string }[] };
    expect(listed.prices.find((app) => app.appid === "demo-chat")?.price).toBe("¥0.02 / 千 tokens（倍率 ×2）");

    expect((await api(admin.cookie, "POST", "prices/demo-chat", { ...x2, mode: "call", callFen: 5 })).status).toBe(200);
    expect(await appCallPrice(db, "demo-chat")).toMatchObject({ mode: "call", callFen: 5 });
    expect((await api(admin.cookie, "DELETE", "prices/demo-chat")).status).toBe(200);
    expect(await appCallPrice(db, "demo-chat")).toMatchObject({ mode: "tokens", multiplierPermille: 1000 });
    expect((await api(admin.cookie, "DELETE", "prices/demo-chat")).status).toBe(404);
    const audited = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(audited.map((row) => row.action).sort()).toEqual(["price.reset", "price.set", "price.set"]);
  });
});

describe("兑换码 in the console", () => {
  it("makes a batch, exports it as CSV, and a disabled batch redeems nothing (audited; bad input refused)", async () => {
    const admin = await newAdmin();
    for (const body of [{ kind: "balance", value: 0, count: 1, maxUses: 1, perUserLimit: 1 }, { kind: "balance", value: 100, count: 10_001, maxUses: 1, perUserLimit: 1 }, { kind: "gold", value: 1, count: 1, maxUses: 1, perUserLimit: 1 }]) {
      expect((await api(admin.cookie, "POST", "redeem-batches", body)).status, JSON.stringify(body)).toBe(400);
    }
    const created = await api(admin.cookie, "POST", "redeem-batches", { kind: "balance", value: 1000, count: 3, maxUses: 1, perUserLimit: 1, note: "线下活动" });
    expect(created.status).toBe(201);
    const batchId = (created.body as { batch: { id: string } }).batch.id;

    const url = `http://localhost:3000/api/admin/redeem-batches/${batchId}/codes.csv`;
    const csv = await callRouteHandler(
      (routed) => adminRoute.GET(routed, { params: Promise.resolve({ path: ["redeem-batches", batchId, "codes.csv"] }) }),
      new NextRequest(url, { headers: await headersFor(url, admin.cookie) }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    const db = await getDatabase();
    const codes = await db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId));
    expect(codes).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(",")[0]).sort()).toEqual(codes.map((row) => row.code).sort());

    const user = await newUser();
    expect(await redeemCode(db, user.id, codes[0]!.code)).toMatchObject({ kind: "balance" });
    expect(await walletBalance(db, user.id)).toBe(1000);
    expect((await api(admin.cookie, "POST", `redeem-batches/${batchId}/disable`)).status).toBe(200);
    await expect(redeemCode(db, user.id, codes[1]!.code)).rejects.toMatchObject({ statusCode: 410 });
    expect((await api(admin.cookie, "POST", `redeem-batches/${batchId}/disable`)).status).toBe(404);
    const audited = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(audited.map((row) => row.action).sort()).toEqual(["redeem.batch_create", "redeem.batch_disable"]);
  });
});

describe("the price list in the API docs", () => {
  it("shows a price the console just changed, the same list as /pricing", async () => {
    const admin = await newAdmin();
    const x3 = { mode: "tokens", multiplierPermille: 3000, inputFenPerMillion: null, outputFenPerMillion: null, callFen: null };
    expect((await api(admin.cookie, "POST", "prices/demo-chat", x3)).status).toBe(200);
    const prices = await listPublicPrices();
    expect(prices.find((app) => app.appid === "demo-chat")?.price).toBe("¥0.03 / 千 tokens（倍率 ×3）");
    // The docs page renders /docs/api/openai with <PriceList /> filled from that list.
    const doc = getDoc(["api", "openai"])!;
    const html = renderToStaticMarkup(await renderMdx(doc.body, { PriceList: () => createElement(PriceList, { prices }) }));
    expect(html).toContain("按量付费价格");
    expect(html).toContain("¥0.03 / 千 tokens（倍率 ×3）");
    expect((await api(admin.cookie, "DELETE", "prices/demo-chat")).status).toBe(200);
    expect((await listPublicPrices()).find((app) => app.appid === "demo-chat")?.price).not.toContain("×3");
  });
});

describe("plan 兑换码 in the console", () => {
  it("makes a batch of 专业版 30 天 (a paid plan that exists, required), exported with that wording", async () => {
    const admin = await newAdmin();
    const plan = { kind: "plan", value: 30, count: 1, maxUses: 1, perUserLimit: 1 };
    for (const body of [plan, { ...plan, planId: "free" }, { ...plan, planId: "no-such-plan" }, { ...plan, planId: "pro", value: 3651 }, { ...plan, kind: "balance", planId: "pro" }]) {
      expect((await api(admin.cookie, "POST", "redeem-batches", body)).status, JSON.stringify(body)).toBe(400);
    }
    const created = await api(admin.cookie, "POST", "redeem-batches", { ...plan, planId: "pro", note: "渠道 A" });
    expect(created.status).toBe(201);
    const batchId = (created.body as { batch: { id: string } }).batch.id;
    const url = `http://localhost:3000/api/admin/redeem-batches/${batchId}/codes.csv`;
    const csv = await callRouteHandler(
      (routed) => adminRoute.GET(routed, { params: Promise.resolve({ path: ["redeem-batches", batchId, "codes.csv"] }) }),
      new NextRequest(url, { headers: await headersFor(url, admin.cookie) }),
    );
    expect((await csv.text()).split("\r\n")[1]).toContain('"专业版 30 天"');
  });
});
