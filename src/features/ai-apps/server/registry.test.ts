import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { aiUsageEvents } from "@/lib/db/schema/ai-usage";
import type { DatabaseHandle } from "@/lib/db/types";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../../test/database-targets";
import { demoRegistryApps } from "./config";
import { createDifyProxy } from "./proxy/handler";
import { recordUsage } from "@/features/metering/server";
import { UsageTracker } from "./proxy/usage-tracker";
import { getApp, listEnabledApps, seedAppRegistry } from "./registry";

describe.each(testTargetKinds())("AI app registry and usage on %s", (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handle = await openDatabase(database.target);
  });
  afterAll(async () => {
    await handle.close();
    await database.dispose();
  });

  it("seeds the configured apps and disables the ones no longer configured", async () => {
    const [chat, workflow] = demoRegistryApps();
    await seedAppRegistry(handle.db, [chat!, workflow!, { ...chat!, appid: "old", name: "旧应用" }]);
    await seedAppRegistry(handle.db, [{ ...chat!, name: "改名了" }, workflow!]);
    expect((await listEnabledApps(handle.db)).map((app) => app.appid)).toEqual(["demo-chat", "demo-workflow"]);
    expect(await getApp("old", handle.db)).toBeUndefined();
    const app = await getApp("demo-chat", handle.db);
    expect(app).toMatchObject({ name: "改名了", upstreamSecretKey: chat!.upstreamSecretKey });
    expect(JSON.stringify(await listEnabledApps(handle.db))).not.toContain(chat!.upstreamSecretKey);
  });

  it("records usage once per message, however often it is reported", async () => {
    const userId = randomUUID();
    const tracker = new UsageTracker();
    const messageId = randomUUID();
    tracker.observe({ event: "message", task_id: "t", message_id: messageId, answer: "x" });
    tracker.observe({ event: "message_end", task_id: "t", id: messageId, message_id: messageId, metadata: { usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } } });
    const record = { appid: "demo-chat", userId, kind: "chat" as const, latencyMs: 12 };
    expect(await recordUsage(handle.db, tracker, record)).toBe(true);
    expect(await recordUsage(handle.db, tracker, record)).toBe(false);
    const rows = (await handle.db.select().from(aiUsageEvents)).filter((row) => row.userId === userId);
    expect(rows).toMatchObject([{ messageId, promptTokens: 3, completionTokens: 4, totalTokens: 7, latencyMs: 12 }]);
  });

  it("records a blocking chat answered through the proxy", async () => {
    const proxy = createDifyProxy({ database: async () => handle.db, demoPaceMs: 0 });
    const userId = randomUUID();
    const response = await proxy.handle(
      new Request("http://local/api/ai/dify/chat-messages?appid=demo-chat", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query: "你好", inputs: {} }) }),
      { path: ["chat-messages"], userId },
    );
    const body = (await response.json()) as { message_id: string; metadata: { usage: { total_tokens: number } } };
    await proxy.idle();
    const rows = (await handle.db.select().from(aiUsageEvents)).filter((row) => row.userId === userId);
    expect(rows).toMatchObject([{ messageId: body.message_id, totalTokens: body.metadata.usage.total_tokens }]);
  });
});
