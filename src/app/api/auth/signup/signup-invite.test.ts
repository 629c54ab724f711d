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
const { closeDatabase, getDatabase } = await import("@/lib/db");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { createClient } = await import("@supabase/supabase-js");
const { inviteCodeFor, saveInviteSettings, settlePendingInvitation } = await import("@/features/invitations/server");
const { walletBalance } = await import("@/features/wallet/server");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

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
    await saveInviteSettings(db, { inviterRewardFen: 500, inviteeRewardFen: 200, trigger: "signup", inviterDailyCap: 10, addressDailyCap: 3 }, inviter.data.user.id);
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
