import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAuditLog } from "@/lib/db";
import { testTargetKinds } from "../../../test/database-targets";
import { createAuthHarness, TEST_URL, type AuthHarness } from "./test-harness";

// The service's extension beside GoTrue's admin API: a user's sessions, listed and ended (admin-sessions.ts).
describe.each(testTargetKinds())("embedded auth admin sessions on %s", (kind) => {
  let h: AuthHarness;
  const base = `${TEST_URL}/auth/v1/admin/users`;
  const serviceHeaders = () => ({ apikey: h.service.keys.serviceRoleKey, authorization: `Bearer ${h.service.keys.serviceRoleKey}` });
  beforeAll(async () => {
    h = await createAuthHarness(kind);
  });
  afterAll(() => h.close());

  async function signIn(email: string, userAgent: string) {
    const response = await h.fetch(`${TEST_URL}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: h.service.keys.anonKey, "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({ email, password: "secret123" }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { access_token: string; refresh_token: string };
  }

  it("lists a user's sessions and ends them all: refresh and the old access tokens are refused, the event is logged", async () => {
    const { data } = await h.admin().auth.admin.createUser({ email: "everywhere@example.com", password: "secret123", email_confirm: true });
    const userId = data.user!.id;
    await h.admin().auth.admin.createUser({ email: "bystander@example.com", password: "secret123", email_confirm: true });
    const phone = await signIn("everywhere@example.com", "Phone Browser");
    const laptop = await signIn("everywhere@example.com", "Laptop Browser");
    const bystander = await signIn("bystander@example.com", "Other");

    const listed = await h.fetch(`${base}/${userId}/sessions`, { headers: serviceHeaders() });
    expect(listed.status).toBe(200);
    const sessions = (await listed.json()) as Array<{ id: string; user_id: string; user_agent: string | null; created_at: string }>;
    expect(sessions.map((session) => session.user_agent)).toEqual(["Phone Browser", "Laptop Browser"]);
    expect(sessions.every((session) => session.user_id === userId)).toBe(true);
    expect(sessions.map((session) => session.id)).toContain(decodeJwt(phone.access_token).session_id);

    const ended = await h.fetch(`${base}/${userId}/sessions`, { method: "DELETE", headers: serviceHeaders() });
    expect(ended.status).toBe(204);
    expect(await (await h.fetch(`${base}/${userId}/sessions`, { headers: serviceHeaders() })).json()).toEqual([]);

    const refreshed = await h.client().auth.refreshSession({ refresh_token: laptop.refresh_token });
    expect(refreshed.error).not.toBeNull();
    const user = await h.fetch(`${TEST_URL}/auth/v1/user`, { headers: { apikey: h.service.keys.anonKey, authorization: `Bearer ${phone.access_token}` } });
    expect(user.status).toBe(403);
    expect(await h.service.sessionLiveness(decodeJwt(phone.access_token))).toEqual({ live: false });
    // The bystander is untouched.
    expect((await h.service.sessionLiveness(decodeJwt(bystander.access_token))).live).toBe(true);

    const events = await h.handle.db.select().from(authAuditLog);
    const logout = events.find((event) => event.payload.actor_id === userId && event.payload.action === "logout");
    expect(logout?.payload).toMatchObject({ actor_username: "everywhere@example.com", log_type: "account", traits: { scope: "global", admin: true } });
  });

  it("is for the service key only, and refuses unknown or malformed ids", async () => {
    const { data } = await h.admin().auth.admin.createUser({ email: "guarded@example.com", password: "secret123", email_confirm: true });
    const userId = data.user!.id;
    const own = await signIn("guarded@example.com", "Mine");
    for (const headers of [
      { apikey: h.service.keys.anonKey },
      { apikey: h.service.keys.anonKey, authorization: `Bearer ${own.access_token}` },
    ] as Record<string, string>[]) {
      expect([401, 403]).toContain((await h.fetch(`${base}/${userId}/sessions`, { headers })).status);
      expect([401, 403]).toContain((await h.fetch(`${base}/${userId}/sessions`, { method: "DELETE", headers })).status);
    }
    expect((await h.service.sessionLiveness(decodeJwt(own.access_token))).live).toBe(true);
    expect((await h.fetch(`${base}/00000000-0000-4000-8000-000000000000/sessions`, { headers: serviceHeaders() })).status).toBe(404);
    expect((await h.fetch(`${base}/not-a-uuid/sessions`, { method: "DELETE", headers: serviceHeaders() })).status).toBe(404);
  });
});
