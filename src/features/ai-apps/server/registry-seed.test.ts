import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/open";
import { aiApps } from "@/lib/db/schema/ai-apps";
import type { DatabaseHandle } from "@/lib/db/types";
import { createTestDatabase, type TestDatabase } from "../../../../test/database-targets";
import { demoModelApp, demoRegistryApps, type ConfiguredApp } from "./config";
import { getApp, listEnabledApps, seedAppRegistry } from "./registry";
import { AppSecretsConfigError, forgetSecretKeyRing, secretKeyRing } from "./secrets";

// README "Registry": the configuration seeds a fresh database and keeps the rows it owns in step; a
// row added or edited in the console is never overwritten. Keys are stored encrypted.
let database: TestDatabase;
let handle: DatabaseHandle;
beforeEach(async () => {
  database = await createTestDatabase("pglite");
  handle = await openDatabase(database.target);
});
afterEach(async () => {
  await handle.close();
  await database.dispose();
});

const [chat, workflow, completion] = demoRegistryApps() as [ConfiguredApp, ConfiguredApp, ConfiguredApp];
const hosted: ConfiguredApp = { ...chat, appid: "hosted", upstreamBaseUrl: "https://dify.example.com/v1", upstreamSecretKey: "app-hosted-real-key-9876" };
const row = async (appid: string) => (await handle.db.select().from(aiApps).where(eq(aiApps.appid, appid)))[0]!;

describe("seeding the registry from the configuration", () => {
  it("seeds a fresh database in the configuration's order, every key encrypted", async () => {
    await seedAppRegistry(handle.db, [workflow, chat, hosted, demoModelApp()]);
    expect((await listEnabledApps(handle.db)).map((app) => app.appid)).toEqual(["demo-workflow", "demo-chat", "hosted", "demo-model"]);
    const stored = await row("hosted");
    expect(stored).toMatchObject({ managedBy: "config", position: 2 });
    expect(stored.upstreamSecretKey).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain("app-hosted-real-key-9876");
    expect(JSON.stringify((await row("demo-model")).modelSettings)).not.toContain("sk-spark-demo-provider");
    expect(await getApp("hosted", handle.db)).toMatchObject({ upstreamSecretKey: "app-hosted-real-key-9876" });
    expect((await getApp("demo-model", handle.db))?.modelSettings?.provider.apiKey).toBe("sk-spark-demo-provider");
  });

  it("keeps its own rows in step but never touches a row the console owns", async () => {
    await seedAppRegistry(handle.db, [chat, workflow, completion]);
    // The operator renamed demo-chat and disabled demo-completion in the console.
    await handle.db.update(aiApps).set({ name: "运营改的名字", managedBy: "console" }).where(eq(aiApps.appid, "demo-chat"));
    await handle.db.update(aiApps).set({ enabled: false, managedBy: "console" }).where(eq(aiApps.appid, "demo-completion"));
    await handle.db.update(aiApps).set({ position: 9 }).where(eq(aiApps.appid, "demo-workflow"));
    // A restart with an edited configuration that also drops demo-chat and adds hosted.
    await seedAppRegistry(handle.db, [{ ...workflow, name: "配置改的名字" }, { ...completion, name: "配置" }, hosted]);
    expect(await row("demo-chat")).toMatchObject({ name: "运营改的名字", enabled: true, managedBy: "console" });
    expect(await row("demo-completion")).toMatchObject({ name: completion.name, enabled: false });
    // Its own row follows the configuration; the console's order stays; a new app goes last.
    expect(await row("demo-workflow")).toMatchObject({ name: "配置改的名字", position: 9, managedBy: "config" });
    expect((await row("hosted")).position).toBe(10);
    await seedAppRegistry(handle.db, [hosted]);
    expect((await row("demo-workflow")).enabled).toBe(false);
    expect((await row("demo-chat")).enabled).toBe(true);
  });

  it("encrypts keys written in plaintext before encryption existed, on the next start", async () => {
    await handle.db.insert(aiApps).values({ appid: "legacy", kind: "chat", name: "旧", upstreamBaseUrl: "https://dify.example.com/v1", upstreamSecretKey: "app-legacy-plain-5555", managedBy: "console" });
    const settings = { ...demoModelApp().modelSettings!, provider: { baseUrl: "https://api.example.com/v1", apiKey: "sk-legacy-plain-6666", headers: {} } };
    await handle.db.insert(aiApps).values({ appid: "legacy-model", kind: "chat", name: "旧模型", upstreamBaseUrl: "embedded:models", upstreamSecretKey: "", modelSettings: settings, managedBy: "console" });
    await seedAppRegistry(handle.db, [chat]);
    expect((await row("legacy")).upstreamSecretKey).toMatch(/^v1:/);
    expect(JSON.stringify(await row("legacy-model"))).not.toContain("sk-legacy-plain-6666");
    expect((await getApp("legacy", handle.db))?.upstreamSecretKey).toBe("app-legacy-plain-5555");
    expect((await getApp("legacy-model", handle.db))?.modelSettings?.provider.apiKey).toBe("sk-legacy-plain-6666");
  });

  it("re-encrypts with APP_ENCRYPTION_KEY once it is set, and refuses a tampered stored key", async () => {
    await seedAppRegistry(handle.db, [hosted]);
    const withDevKey = (await row("hosted")).upstreamSecretKey;
    // Console-owned: the configuration does not rewrite it, only the re-encryption pass does.
    await handle.db.update(aiApps).set({ managedBy: "console" }).where(eq(aiApps.appid, "hosted"));
    forgetSecretKeyRing(handle.db);
    const configured = randomBytes(32).toString("hex");
    await secretKeyRing(handle.db, { APP_ENCRYPTION_KEY: configured, NODE_ENV: "test" });
    await seedAppRegistry(handle.db, []);
    const resealed = (await row("hosted")).upstreamSecretKey;
    expect(resealed).not.toBe(withDevKey);
    forgetSecretKeyRing(handle.db);
    const ring = await secretKeyRing(handle.db, { APP_ENCRYPTION_KEY: configured, NODE_ENV: "test" });
    expect(ring.keys).toHaveLength(2);
    expect((await getApp("hosted", handle.db))?.upstreamSecretKey).toBe("app-hosted-real-key-9876");
    // One flipped character of the ciphertext: the key is refused, not misread.
    const [version, iv, tag, data] = resealed.split(":") as [string, string, string, string];
    const flipped = `${version}:${iv}:${tag}:${data.startsWith("A") ? "B" : "A"}${data.slice(1)}`;
    await handle.db.update(aiApps).set({ upstreamSecretKey: flipped }).where(eq(aiApps.appid, "hosted"));
    await expect(getApp("hosted", handle.db)).rejects.toThrow("无法解密");
  });

  it("in production without APP_ENCRYPTION_KEY, stores the demo apps' public keys but refuses a real upstream key", async () => {
    await secretKeyRing(handle.db, { NODE_ENV: "production" });
    await seedAppRegistry(handle.db, [chat, demoModelApp()]);
    expect((await listEnabledApps(handle.db)).map((app) => app.appid)).toEqual(["demo-chat", "demo-model"]);
    await expect(seedAppRegistry(handle.db, [chat, hosted])).rejects.toThrow(AppSecretsConfigError);
    const realProvider = { ...demoModelApp(), appid: "real-model", modelSettings: { ...demoModelApp().modelSettings!, provider: { baseUrl: "https://api.deepseek.com/v1", apiKey: "sk-real", headers: {} } } };
    await expect(seedAppRegistry(handle.db, [realProvider])).rejects.toThrow("APP_ENCRYPTION_KEY");
    // A real key already stored (a database brought over from development) stops the start too.
    await handle.db.insert(aiApps).values({ appid: "stored-real", kind: "chat", name: "旧", upstreamBaseUrl: "https://dify.example.com/v1", upstreamSecretKey: "app-real-plain", managedBy: "console" });
    await expect(seedAppRegistry(handle.db, [chat])).rejects.toThrow(AppSecretsConfigError);
  });
});
