// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 35 item 6: 余额与流水 per user (adjust with a reason, audited, never below zero), 邀请 settings
// and list, and 收入 per day, in the console API; refused to non-operators.
const dataDir = stubEmbeddedAppEnv("admin-wallet-console", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { adminAuditLog, closeDatabase, getDatabase, payments } = await import("@/lib/db");
const { walletBalance } = await import("@/features/wallet/server");
const { loadInviteSettings } = await import("@/features/invitations/server");
const { TOPUP_PLAN_ID } = await import("@/features/billing");
const { eq } = await import("drizzle-orm");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newUser, newAdmin, signIn, cookieHeader, api } = await startAdminTestKit();

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("余额与流水 in the console", () => {
  it("adjusts a balance with a required reason (audited), never below zero, and refuses non-operators", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const userCookie = await cookieHeader((await signIn(user.email)).session);
    expect((await api(userCookie, "POST", `users/${user.id}/wallet/adjust`, { amountFen: 1000, reason: "补偿故障" })).status).toBe(404);
    expect((await api(userCookie, "GET", `users/${user.id}/wallet`)).status).toBe(404);
    for (const body of [{ amountFen: 1000 }, { amountFen: 1000, reason: " " }, { amountFen: 0, reason: "补偿故障" }, { amountFen: 1.5, reason: "补偿故障" }, { amountFen: 1000, reason: "补偿故障", kind: "topup" }]) {
      expect((await api(admin.cookie, "POST", `users/${user.id}/wallet/adjust`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(admin.cookie, "POST", `users/${user.id}/wallet/adjust`, { amountFen: 1000, reason: "补偿故障" })).status).toBe(200);
    const tooMuch = await api(admin.cookie, "POST", `users/${user.id}/wallet/adjust`, { amountFen: -1001, reason: "扣回误发" });
    expect(tooMuch.status).toBe(409);
    expect((tooMuch.body as { message: string }).message).toContain("余额不足");
    expect((await api(admin.cookie, "POST", `users/${user.id}/wallet/adjust`, { amountFen: -400, reason: "扣回误发" })).status).toBe(200);

    const db = await getDatabase();
    expect(await walletBalance(db, user.id)).toBe(600);
    const wallet = (await api(admin.cookie, "GET", `users/${user.id}/wallet`)).body as { balanceFen: number; entries: { kind: string; amountFen: number; cause: string; actorId: string }[] };
    expect(wallet.balanceFen).toBe(600);
    expect(wallet.entries.map((entry) => [entry.kind, entry.amountFen, entry.cause, entry.actorId])).toEqual([
      ["grant", -400, "运营扣减：扣回误发", admin.id],
      ["grant", 1000, "运营赠送：补偿故障", admin.id],
    ]);
    const audited = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(audited.map((row) => [row.action, row.targetUserId, (row.after as { reason: string }).reason])).toEqual([
      ["wallet.adjust", user.id, "补偿故障"],
      ["wallet.adjust", user.id, "扣回误发"],
    ]);
    expect((await api(admin.cookie, "GET", "users/not-a-user/wallet")).status).toBe(404);
    expect((await api(admin.cookie, "POST", "users/00000000-0000-4000-8000-000000000000/wallet/adjust", { amountFen: 100, reason: "补偿故障" })).status).toBe(404);
  });
});

describe("邀请 in the console", () => {
  it("saves the rewards and trigger (audited), refuses bad input, and lists invitations", async () => {
    const admin = await newAdmin();
    const settings = { inviterRewardFen: 500, inviteeRewardFen: 200, trigger: "phone", inviterDailyCap: 5, addressDailyCap: 2, deviceDailyCap: 2 };
    for (const body of [{ ...settings, inviterRewardFen: -1 }, { ...settings, trigger: "always" }, { ...settings, inviterDailyCap: 0 }, { ...settings, extra: 1 }]) {
      expect((await api(admin.cookie, "POST", "invitations/settings", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await api(admin.cookie, "POST", "invitations/settings", settings)).status).toBe(200);
    expect(await loadInviteSettings(await getDatabase())).toEqual(settings);
    expect(((await api(admin.cookie, "GET", "invitations/settings")).body as { settings: unknown }).settings).toEqual(settings);
    expect(((await api(admin.cookie, "GET", "invitations")).body as { total: number }).total).toBe(0);
    const audited = await (await getDatabase()).select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(audited.map((row) => row.action)).toEqual(["invite.settings.update"]);
  });
});

describe("收入 in the console", () => {
  it("sums top-ups, plan sales and refunds per China-time day as the payments record them", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const db = await getDatabase();
    const pay = (amount: number, planId: string, reason: "checkout" | "renewal" | "refund", at: string) =>
      db.insert(payments).values({ userId: user.id, planId, interval: "month", amount, provider: "local", providerPaymentId: `p-${at}-${amount}`, reason, createdAt: new Date(at) });
    // 2026-11-01 China time begins at 2026-10-31T16:00Z.
    await pay(1000, TOPUP_PLAN_ID, "checkout", "2026-10-31T16:30:00Z");
    await pay(2900, "pro", "checkout", "2026-11-01T10:00:00Z");
    await pay(-500, TOPUP_PLAN_ID, "refund", "2026-11-01T12:00:00Z");
    await pay(2900, "pro", "renewal", "2026-11-02T01:00:00Z");
    await pay(9900, "pro", "checkout", "2026-10-31T15:59:00Z"); // 2026-10-31 in China: outside the range
    const report = await api(admin.cookie, "GET", "revenue?from=2026-11-01&to=2026-11-02");
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      from: "2026-11-01",
      to: "2026-11-02",
      days: [
        { day: "2026-11-01", topUpFen: 1000, planSalesFen: 2900, refundsFen: 500 },
        { day: "2026-11-02", topUpFen: 0, planSalesFen: 2900, refundsFen: 0 },
      ],
      totals: { topUpFen: 1000, planSalesFen: 5800, refundsFen: 500 },
    });
    expect((await api(admin.cookie, "GET", "revenue?from=2026-11-03&to=2026-11-01")).status).toBe(400);
    expect((await api(admin.cookie, "GET", "revenue?from=2024-01-01&to=2026-11-01")).status).toBe(400);
    const userCookie = await cookieHeader((await signIn(user.email)).session);
    expect((await api(userCookie, "GET", "revenue")).status).toBe(404);
  });
});
