// First: sets up what next start does before anything else (see next-request-scope.ts).
import { callRouteHandler } from "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// The site's sign-in form posts here; the route signs in through supabase-js on the server. The
// session it starts belongs to the visitor's browser: the console's 会话 list shows that device.
const dataDir = stubEmbeddedAppEnv("signin-route");
const route = await import("./route");
const { closeDatabase, getDatabase, authSessions } = await import("@/lib/db");
const { getSupabaseConnection, serverClientOptions } = await import("@/lib/supabase/connection");
const { createClient } = await import("@supabase/supabase-js");
const { eq } = await import("drizzle-orm");

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50";

describe("POST /api/auth/signin", () => {
  it("records the visitor's browser, not the server's, on the session it starts", async () => {
    const connection = await getSupabaseConnection();
    const admin = createClient(connection.url, connection.serviceRoleKey, { ...serverClientOptions(connection), auth: { persistSession: false } });
    const created = await admin.auth.admin.createUser({ email: "device@example.com", password: "secret-password-1", email_confirm: true });
    if (created.error) throw created.error;

    const response = await callRouteHandler(
      (request) => route.POST(request as NextRequest),
      new NextRequest("http://localhost:3000/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER, "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify({ email: "device@example.com", password: "secret-password-1" }),
      }),
    );
    expect(response.status).toBe(200);
    const sessions = await (await getDatabase()).select().from(authSessions).where(eq(authSessions.userId, created.data.user.id));
    expect(sessions).toMatchObject([{ userAgent: BROWSER, ip: "198.51.100.7" }]);
  });
});
