import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";
import type { DatabaseHandle } from "@/lib/db/types";
import { demoRegistryApps } from "../config";
import { seedAppRegistry } from "../registry";
import { createDifyProxy, type DifyProxy } from "./handler";
import { serveProxy } from "./testing";

// The proxy's side of quota reservations: each admitted call's `settle` runs exactly once, only
// after the call's usage row is stored (so its tokens never go uncounted in between), and before the
// client sees the answer end (so the next call finds the concurrent-call slot free).
let handle: DatabaseHandle;
let proxy: DifyProxy;
let server: Awaited<ReturnType<typeof serveProxy>>;
const settles: { userId: string; usageRows: number }[] = [];
/** What each settle was handed: the call's stored usage row (按量付费 charges it), or nothing. */
const settledUsage = new Map<string, ({ messageId?: string | null; totalTokens?: number } | undefined)[]>();
const forwardedBodies: { userId: string; body: Record<string, unknown> | undefined }[] = [];

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite" });
  await seedAppRegistry(handle.db, demoRegistryApps());
  proxy = createDifyProxy({
    database: async () => handle.db,
    demoPaceMs: 2,
    beforeForward: ({ userId, endpoint, body }) => {
      forwardedBodies.push({ userId, body });
      return endpoint.generation
        ? {
            settle: async (usage) => {
              settledUsage.set(userId, [...(settledUsage.get(userId) ?? []), usage]);
              const rows = await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.userId, userId));
              settles.push({ userId, usageRows: rows.length });
            },
          }
        : undefined;
    },
  });
  server = await serveProxy(proxy);
});
afterAll(async () => {
  await server.close();
  await proxy.idle();
  await handle.close();
});

const chat = (user: string, mode: "blocking" | "streaming") =>
  fetch(`${server.baseUrl}/chat-messages?appid=demo-chat`, {
    method: "POST",
    headers: { "x-test-user": user, "Content-Type": "application/json" },
    body: JSON.stringify({ query: "你好", inputs: {}, response_mode: mode }),
  });

describe("Dify proxy settles quota reservations", () => {
  it("shows the admission the body it forwards, so a call can reserve what it may spend", async () => {
    const user = randomUUID();
    await (await chat(user, "blocking")).text();
    expect(forwardedBodies.filter((entry) => entry.userId === user)).toEqual([{ userId: user, body: expect.objectContaining({ query: "你好", user, response_mode: "blocking" }) }]);
  });

  it.each(["blocking", "streaming"] as const)("settles a %s call once, after its usage row is stored and before the answer ends", async (mode) => {
    const user = randomUUID();
    const response = await chat(user, mode);
    expect(response.status).toBe(200);
    await response.text();
    // A client that waits for the end of one answer before asking again finds the call accounted for.
    expect(settles.filter((entry) => entry.userId === user)).toEqual([{ userId: user, usageRows: 1 }]);
    await proxy.idle();
    expect(settles.filter((entry) => entry.userId === user)).toHaveLength(1);
    // Handed the very row stored: the charge of a call paid from the balance is what it used.
    const [row] = await handle.db.select().from(aiUsageEvents).where(eq(aiUsageEvents.userId, user));
    expect(settledUsage.get(user)).toEqual([expect.objectContaining({ messageId: row!.messageId, totalTokens: row!.totalTokens })]);
    expect(row!.totalTokens).toBeGreaterThan(0);
  });

  it("settles at once when the upstream refuses the call, and takes none for non-generating calls", async () => {
    const user = randomUUID();
    // Another user's conversation: the demo app answers 404, nothing is generated.
    const response = await fetch(`${server.baseUrl}/chat-messages?appid=demo-chat`, {
      method: "POST",
      headers: { "x-test-user": user, "Content-Type": "application/json" },
      body: JSON.stringify({ query: "你好", inputs: {}, response_mode: "blocking", conversation_id: randomUUID() }),
    });
    expect(response.ok).toBe(false);
    await response.text();
    expect((await fetch(`${server.baseUrl}/parameters?appid=demo-chat`, { headers: { "x-test-user": user } })).status).toBe(200);
    await proxy.idle();
    expect(settles.filter((entry) => entry.userId === user)).toEqual([{ userId: user, usageRows: 0 }]);
    expect(settledUsage.get(user)).toEqual([undefined]);
  });
});
