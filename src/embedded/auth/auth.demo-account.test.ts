import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT_READ_ONLY_MESSAGE } from "@/lib/demo-account-flag";
import { createAuthHarness, memoryStorage, type AuthHarness } from "./test-harness";

// Issue 30, finding 4: the demo account's password is on the sign-in page. Signed in as it through
// supabase-js, no account change goes through; another user's do.
const PASSWORD = "Spark-Demo-2026";
let h: AuthHarness;

beforeAll(async () => {
  h = await createAuthHarness("pglite", { manualLinking: true, externalProviders: {} });
  const admin = h.admin();
  for (const [email, appMetadata] of [
    ["demo@example.com", { demo: true }],
    ["someone@example.com", {}],
  ] as const) {
    const { error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, app_metadata: appMetadata });
    if (error) throw error;
  }
});
afterAll(async () => {
  await h?.close();
});

async function signedIn(email: string) {
  const client = h.client({ persistSession: true, autoRefreshToken: false, storage: memoryStorage() });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

describe("the demo account", () => {
  it("cannot change its password, e-mail, phone, metadata or MFA factors, nor unlink an identity", async () => {
    const demo = await signedIn("demo@example.com");
    const attempts = [
      await demo.auth.updateUser({ password: "Taken-over-2026" }),
      await demo.auth.updateUser({ email: "attacker@example.com" }),
      await demo.auth.updateUser({ phone: "+8613800000000" }),
      await demo.auth.updateUser({ data: { display_name: "广告" } }),
      await demo.auth.mfa.enroll({ factorType: "totp" }),
    ];
    for (const { error } of attempts) {
      expect(error).toMatchObject({ status: 403, code: "demo_account_read_only", message: DEMO_ACCOUNT_READ_ONLY_MESSAGE });
    }
    const { data } = await demo.auth.getUserIdentities();
    const unlink = await demo.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlink.error).toMatchObject({ status: 403, code: "demo_account_read_only" });
    const unenroll = await demo.auth.mfa.unenroll({ factorId: "00000000-0000-4000-8000-000000000000" });
    expect(unenroll.error).toMatchObject({ status: 403, code: "demo_account_read_only" });

    // Nothing changed: the published password still signs in.
    const again = await signedIn("demo@example.com");
    const { data: user } = await again.auth.getUser();
    expect(user.user?.email).toBe("demo@example.com");
    expect(user.user?.factors ?? []).toEqual([]);
    expect(user.user?.user_metadata.display_name).toBeUndefined();
  });

  it("leaves every other user's account changes alone", async () => {
    const someone = await signedIn("someone@example.com");
    expect((await someone.auth.updateUser({ data: { display_name: "小明" } })).error).toBeNull();
    expect((await someone.auth.mfa.enroll({ factorType: "totp" })).error).toBeNull();
    expect((await someone.auth.updateUser({ password: "Another-pass-2026" })).error).toBeNull();
  });
});
