import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { authAuditLog, authUsers } from "@/lib/db";
import { testTargetKinds } from "../../../test/database-targets";
import { recordAuthEvent } from "./audit-log";
import { createAuthHarness, type AuthHarness } from "./test-harness";

describe.each(testTargetKinds())("auth audit log on %s", (kind) => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await createAuthHarness(kind);
  });
  afterAll(() => h.close());

  const entryOf = async (actorId: string) =>
    (await h.handle.db.select().from(authAuditLog).where(sql`${authAuditLog.payload} ->> 'actor_id' = ${actorId}`))[0];

  it("names the actor by e-mail, else phone, else nothing, in the one insert", async () => {
    const byPhone = randomUUID();
    await h.handle.db.insert(authUsers).values({ id: byPhone, email: "", phone: "8613800000000", aud: "authenticated", role: "authenticated" });
    await recordAuthEvent(h.handle.db, { userId: byPhone, action: "login", traits: { provider: "phone" }, ip: "203.0.113.9" });
    expect(await entryOf(byPhone)).toMatchObject({
      ipAddress: "203.0.113.9",
      payload: { actor_id: byPhone, actor_username: "8613800000000", actor_via_sso: false, action: "login", log_type: "account", traits: { provider: "phone" } },
    });

    await h.handle.db.update(authUsers).set({ email: "mail@example.com" }).where(eq(authUsers.id, byPhone));
    await recordAuthEvent(h.handle.db, { userId: byPhone, action: "logout" });
    const entries = await h.handle.db.select().from(authAuditLog).where(sql`${authAuditLog.payload} ->> 'action' = 'logout' and ${authAuditLog.payload} ->> 'actor_id' = ${byPhone}`);
    expect(entries[0]?.payload).toMatchObject({ actor_username: "mail@example.com" });
    expect(entries[0]?.payload).not.toHaveProperty("traits");

    const nobody = randomUUID();
    await recordAuthEvent(h.handle.db, { userId: nobody, action: "login_failed" });
    expect((await entryOf(nobody))?.payload).toMatchObject({ actor_username: "", log_type: "account" });
  });
});
