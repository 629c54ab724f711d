import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../test/embedded-app-env";

// The owner check against the embedded auth service's admin API (what a hosted project answers too).
const dataDir = stubEmbeddedAppEnv("share-owner", { SESSION_CHECK_CACHE_MS: "0" });
const { shareOwnerState } = await import("./share-owner");
const { createSupabaseAdminClient } = await import("@/lib/supabase/admin");
const { closeDatabase } = await import("@/lib/db");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("shareOwnerState", () => {
  it("is active for a user, hidden while banned, gone once deleted (softly or not) or never existing", async () => {
    const admin = await createSupabaseAdminClient();
    const newUser = async () => {
      const { data, error } = await admin.auth.admin.createUser({ email: `${randomUUID()}@example.com`, password: "secret-password-1", email_confirm: true });
      expect(error).toBeNull();
      return data.user!.id;
    };
    const user = await newUser();
    expect(await shareOwnerState(user)).toBe("active");
    await admin.auth.admin.updateUserById(user, { ban_duration: "24h" });
    expect(await shareOwnerState(user)).toBe("hidden");
    await admin.auth.admin.updateUserById(user, { ban_duration: "none" });
    expect(await shareOwnerState(user)).toBe("active");
    expect((await admin.auth.admin.deleteUser(user)).error).toBeNull();
    expect(await shareOwnerState(user)).toBe("gone");

    const soft = await newUser();
    expect((await admin.auth.admin.deleteUser(soft, true)).error).toBeNull();
    expect(await shareOwnerState(soft)).toBe("gone");
    expect(await shareOwnerState(randomUUID())).toBe("gone");
  }, 30_000);
});
