// First: sets up what next start does before anything else (see next-request-scope.ts).
import "@/features/auth/server/next-request-scope";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stubEmbeddedAppEnv } from "../../../../../test/embedded-app-env";

// Issue 35 item 3: the operator sets each app's price (倍率, input / output prices, per call) in the
// console; admission charges it (metering) and /pricing lists it.
const dataDir = stubEmbeddedAppEnv("admin-prices", { AUTH_RATE_LIMIT_SIGN_IN: "1000/60" });

const { adminAuditLog, closeDatabase, getDatabase } = await import("@/lib/db");
const { appCallPrice } = await import("@/features/metering/server");
const { eq } = await import("drizzle-orm");
const { startAdminTestKit } = await import("./admin-test-kit");
const { newUser, newAdmin, signIn, cookieHeader, api } = await startAdminTestKit();

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
