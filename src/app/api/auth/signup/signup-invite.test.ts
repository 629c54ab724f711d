// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 35 item 5 end to end on the server: /invite/<code> leaves a cookie, the sign-up route reads it,
// and once the new account is confirmed both sides get the console's rewards, once.
const dataDir = stubEmbeddedAppEnv("signup-invite");
const route = await import("./route");
const inviteRoute = await import("../../../invite/[code]/route");
const { closeDatabase, getDatabase, invitations } = await import("@/lib/db");
const { eq } = await import("drizzle-orm");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { createClient } = await import("@supabase/supabase-js");
const { inviteCodeFor, saveInviteSettings, settlePendingInvitation } = await import("@/features/invitations/server");
const { walletBalance } = await import("@/features/wallet/server");
const settleRoute = await import("../../invitations/settle/route");
const { completeLocalOrder, createCheckoutOrder } = await import("@/features/billing/server/checkout-orders");
const { SEED_PLANS } = await import("@/features/billing/server/plan-seed");
const { sessionCookieHeader } = await import("../../../../../test/session-cookies");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminClient() {
  const connection = await getSupabaseConnection();
  return createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false } });
}

/** An inviter with a code, and the console's rewards set to wait for `trigger`. */
async function inviterWaitingFor(email: string, trigger: "phone" | "payment") {
  const inviter = await (await adminClient()).auth.admin.createUser({ email, password: "secret-password-1", email_confirm: true });
  if (inviter.error) throw inviter.error;
  const db = await getDatabase();
  await saveInviteSettings(db, { inviterRewardFen: 300, inviteeRewardFen: 100, trigger, inviterDailyCap: 10, addressDailyCap: 3, deviceDailyCap: 2 }, inviter.data.user.id);
  return { inviterId: inviter.data.user.id, cookie: `spark-invite=${await inviteCodeFor(db, inviter.data.user.id)}` };
}

async function signUp(email: string, cookie: string | null, ip: string) {
  const response = await callRouteHandler(
    (request) => route.POST(request as NextRequest),
    new NextRequest("http://localhost:3000/api/auth/signup", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ type: "email", email, password: "secret-password-1" }),
    }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

describe("signing up through an invitation link", () => {
  it("rewards the inviter and the friend once the friend's account is confirmed, and only once", async () => {
    const connection = await getSupabaseConnection();
    const admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false } });
    const inviter = await admin.auth.admin.createUser({ email: "inviter@example.com", password: "secret-password-1", email_confirm: true });
    if (inviter.error) throw inviter.error;
    const db = await getDatabase();
    await saveInviteSettings(db, { inviterRewardFen: 500, inviteeRewardFen: 200, trigger: "signup", inviterDailyCap: 10, addressDailyCap: 3, deviceDailyCap: 2 }, inviter.data.user.id);
    const code = await inviteCodeFor(db, inviter.data.user.id);

    const link = await callRouteHandler(
      (request) => inviteRoute.GET(request as NextRequest, { params: Promise.resolve({ code: code.toLowerCase() }) }),
      new NextRequest(`http://localhost:3000/invite/${code.toLowerCase()}`),
    );
    expect(link.status).toBe(303);
    expect(link.headers.get("location")).toBe("http://localhost:3000/auth/signup");
    const cookie = link.headers.get("set-cookie")!.split(";")[0]!;
    expect(cookie).toBe(`spark-invite=${code}`);

    const friendId = await signUp("friend@example.com", cookie, "198.51.100.20");
    // Not yet confirmed: nothing is paid for an address nobody proved.
    expect(await walletBalance(db, inviter.data.user.id)).toBe(0);
    const confirmed = await admin.auth.admin.updateUserById(friendId, { email_confirm: true });
    if (confirmed.error) throw confirmed.error;
    expect(await settlePendingInvitation(db, friendId)).toBe("rewarded");
    expect(await settlePendingInvitation(db, friendId)).toBe("none");
    expect([await walletBalance(db, inviter.data.user.id), await walletBalance(db, friendId)]).toEqual([500, 200]);

    // Signing up without the cookie records nothing.
    const stranger = await signUp("stranger@example.com", null, "198.51.100.21");
    await admin.auth.admin.updateUserById(stranger, { email_confirm: true });
    expect(await settlePendingInvitation(db, stranger)).toBe("none");
    expect(await walletBalance(db, inviter.data.user.id)).toBe(500);
  });
});

describe("an invitation waiting for a phone or a first payment is settled where that happens", () => {
  it("a verified phone: the settings page's POST /api/invitations/settle pays both at once", async () => {
    const db = await getDatabase();
    const { inviterId, cookie } = await inviterWaitingFor("phone-inviter@example.com", "phone");
    const friendId = await signUp("phone-friend@example.com", cookie, "198.51.100.30");
    const admin = await adminClient();
    await admin.auth.admin.updateUserById(friendId, { email_confirm: true });
    const connection = await getSupabaseConnection();
    const signedIn = await createClient(connection.url, connection.anonKey, { ...serverClientOptions(connection), auth: { persistSession: false } }).auth.signInWithPassword({ email: "phone-friend@example.com", password: "secret-password-1" });
    if (signedIn.error) throw signedIn.error;
    const session = await sessionCookieHeader(connection, signedIn.data.session);
    const settle = () => callRouteHandler(settleRoute.POST, new NextRequest("http://localhost:3000/api/invitations/settle", { method: "POST", headers: { cookie: session } }));

    expect(await (await settle()).json()).toEqual({ outcome: "waiting" });
    // What GoTrue records when verifyOtp(phone_change) succeeds; the page then calls the route.
    await admin.auth.admin.updateUserById(friendId, { phone: "8613800138000", phone_confirm: true });
    const response = await settle();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "rewarded" });
    expect([await walletBalance(db, inviterId), await walletBalance(db, friendId)]).toEqual([300, 100]);
    expect((await callRouteHandler(settleRoute.POST, new NextRequest("http://localhost:3000/api/invitations/settle", { method: "POST" }))).status).toBe(401);
  });

  it("a first payment: completing the order pays both, without a visit to the billing page", async () => {
    const db = await getDatabase();
    const { inviterId, cookie } = await inviterWaitingFor("pay-inviter@example.com", "payment");
    const friendId = await signUp("pay-friend@example.com", cookie, "198.51.100.40");
    await (await adminClient()).auth.admin.updateUserById(friendId, { email_confirm: true });
    const order = await createCheckoutOrder(db, { userId: friendId, plan: SEED_PLANS.find((plan) => plan.id === "pro")!, interval: "month", amount: 2900, provider: "local" });
    await completeLocalOrder(db, friendId, order.id);
    expect([await walletBalance(db, inviterId), await walletBalance(db, friendId)]).toEqual([300, 100]);
  });
});

describe("many sign-ups from one browser (the per-device bound)", () => {
  it("rewards at most the console's number per device a day, whatever addresses the sign-ups come from", async () => {
    const db = await getDatabase();
    const admin = await adminClient();
    const inviter = await admin.auth.admin.createUser({ email: "farm-inviter@example.com", password: "secret-password-1", email_confirm: true });
    if (inviter.error) throw inviter.error;
    await saveInviteSettings(db, { inviterRewardFen: 100, inviteeRewardFen: 100, trigger: "signup", inviterDailyCap: 100, addressDailyCap: 100, deviceDailyCap: 2 }, inviter.data.user.id);
    const code = await inviteCodeFor(db, inviter.data.user.id);
    // One cookie jar: the invitation and the device id the proxy gave this browser.
    const jar = `spark-invite=${code}; spark-device=5f0c3a52-6a1e-4c1b-9f59-0d2a4c7e9b11`;
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      // A fresh address each time (the trusted proxy's header): only the device ties them together.
      const friendId = await signUp(`farm-${i}@example.com`, jar, `203.0.113.${10 + i}`);
      await admin.auth.admin.updateUserById(friendId, { email_confirm: true });
      outcomes.push(await settlePendingInvitation(db, friendId));
    }
    expect(outcomes).toEqual(["rewarded", "rewarded", "refused", "refused", "refused"]);
    const rows = await db.select().from(invitations).where(eq(invitations.inviterId, inviter.data.user.id));
    expect(rows.filter((row) => row.status === "refused").map((row) => row.reason)).toEqual(["device_limit", "device_limit", "device_limit"]);
    expect(await walletBalance(db, inviter.data.user.id)).toBe(200);

    // Another browser is not bound by the first one's sign-ups.
    const other = await signUp("farm-other@example.com", `spark-invite=${code}; spark-device=9d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6`, "203.0.113.99");
    await admin.auth.admin.updateUserById(other, { email_confirm: true });
    expect(await settlePendingInvitation(db, other)).toBe("rewarded");
  });
});
