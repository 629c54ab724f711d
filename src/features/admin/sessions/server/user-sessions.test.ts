import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { adminAuditLog, authAuditLog, authRefreshTokens, authSessions, authUsers } from "@/lib/db";
import { testTargetKinds, useTestDatabase } from "../../../../../test/database-targets";

// A hosted Supabase project: GoTrue has no admin call for another user's sessions, so they are read
// and ended in `auth.sessions` only when our database is the project's own (its auth.users has them).
vi.mock("@/lib/supabase/connection", () => ({
  getSupabaseConnection: async () => ({ mode: "hosted", url: "https://project.supabase.co", anonKey: "anon", serviceRoleKey: "service" }),
}));
vi.mock("../../server/admin-user-lookup", () => ({ loadUser: async (id: string) => ({ id }) }));

const { listUserSessions, signOutEverywhere } = await import("./user-sessions");

describe.each(testTargetKinds())("a user's sessions with a hosted project on %s", (kind) => {
  const database = useTestDatabase(kind);
  const admin = { userId: randomUUID(), ip: "203.0.113.9" };

  it("says unavailable when the auth database is elsewhere, and refuses to sign out", async () => {
    const elsewhere = randomUUID();
    expect(await listUserSessions(database.db, elsewhere)).toEqual({ available: false });
    await expect(signOutEverywhere(database.db, admin, elsewhere)).rejects.toMatchObject({ statusCode: 409 });
  });

  it("reads and ends auth.sessions when the database is the project's, writing GoTrue's logout event", async () => {
    const userId = randomUUID();
    const bystander = randomUUID();
    await database.db.insert(authUsers).values([
      { id: userId, email: "hosted@example.com" },
      { id: bystander, email: "other@example.com" },
    ]);
    const sessions = [randomUUID(), randomUUID(), randomUUID()];
    await database.db.insert(authSessions).values([
      { id: sessions[0]!, userId, userAgent: "Phone", ip: "198.51.100.1", createdAt: new Date("2026-11-01T00:00:00Z") },
      { id: sessions[1]!, userId, aal: "aal2", createdAt: new Date("2026-11-02T00:00:00Z") },
      { id: sessions[2]!, userId: bystander },
    ]);
    await database.db.insert(authRefreshTokens).values({ token: "hosted-refresh", userId, sessionId: sessions[0]! });
    const listed = await listUserSessions(database.db, userId);
    expect(listed).toMatchObject({ available: true, sessions: [{ id: sessions[0], userAgent: "Phone", ip: "198.51.100.1", aal: "aal1" }, { id: sessions[1], aal: "aal2" }] });

    expect(await signOutEverywhere(database.db, admin, userId)).toEqual({ ended: 2 });
    expect(await listUserSessions(database.db, userId)).toEqual({ available: true, sessions: [] });
    expect(await database.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.userId, userId))).toEqual([]);
    expect((await listUserSessions(database.db, bystander)) as { sessions: unknown[] }).toMatchObject({ sessions: [{ id: sessions[2] }] });
    const [event] = (await database.db.select().from(authAuditLog)).filter((row) => row.payload.actor_id === userId);
    expect(event).toMatchObject({ ipAddress: "203.0.113.9", payload: { action: "logout", actor_username: "hosted@example.com", traits: { scope: "global", admin: true } } });
    const [audit] = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));
    expect(audit).toMatchObject({ actorId: admin.userId, action: "user.sign_out_everywhere", before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it("refuses an operator's own sessions", async () => {
    await expect(signOutEverywhere(database.db, admin, admin.userId)).rejects.toMatchObject({ statusCode: 400 });
  });
});
