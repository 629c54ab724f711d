import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testTargetKinds, type TestDatabase } from "../../../test/database-targets";
import { openDatabase, type DatabaseHandle } from "@/lib/db";
import { parseAuthConfig } from "./config";
import { RateLimiter, rateLimitStoreFor } from "./rate-limit";

const config = parseAuthConfig({
  siteUrl: "http://localhost:3000",
  rateLimits: { signIn: { max: 3, windowSeconds: 300 }, verify: { max: 2, windowSeconds: 1 } },
});

const refusal = { status: 429, code: "over_request_rate_limit" };

describe.each(testTargetKinds())("auth rate limits (%s)", (kind) => {
  let database: TestDatabase;
  // Two handles on one database stand for two app processes (on PGlite there is only ever one).
  const handles: DatabaseHandle[] = [];
  let limiters: RateLimiter[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const processes = kind === "postgres" ? 2 : 1;
    for (let i = 0; i < processes; i++) handles.push(await openDatabase(database.target));
    limiters = handles.map((handle) => new RateLimiter(config, rateLimitStoreFor(handle.db, config)));
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await database.dispose();
  });

  const limiterFor = (request: number) => limiters[request % limiters.length]!;

  it("counts every key of a request, wherever the request lands, and refuses once one is over", async () => {
    for (let request = 0; request < 3; request++) await limiterFor(request).hit("signIn", ["ip:10.0.0.1", `email:${request}@example.com`]);
    // A fourth sign-in from that address is refused by any process, whatever address it names.
    await expect(limiterFor(3).hit("signIn", ["ip:10.0.0.1", "email:new@example.com"])).rejects.toMatchObject(refusal);
    await expect(limiterFor(4).hit("signIn", ["ip:10.0.0.1"])).rejects.toMatchObject(refusal);
    // Another address still has its own budget.
    await expect(limiterFor(5).hit("signIn", ["ip:10.0.0.2"])).resolves.toBeUndefined();
  });

  it("check looks without counting", async () => {
    for (let i = 0; i < 5; i++) await limiterFor(i).check("signIn", ["phone:8613800000000"]);
    for (let request = 0; request < 3; request++) await limiterFor(request).hit("signIn", ["phone:8613800000000"]);
    await expect(limiterFor(1).check("signIn", ["phone:8613800000000"])).rejects.toMatchObject(refusal);
  });

  it("a key named twice in one request counts once", async () => {
    await limiterFor(0).hit("signIn", ["ip:10.0.0.3", "ip:10.0.0.3", undefined]);
    await limiterFor(1).hit("signIn", ["ip:10.0.0.3"]);
    await expect(limiterFor(0).hit("signIn", ["ip:10.0.0.3"])).resolves.toBeUndefined();
  });

  it("a new window starts once the old one is over", async () => {
    await limiterFor(0).hit("verify", ["ip:10.0.0.4"]);
    await limiterFor(1).hit("verify", ["ip:10.0.0.4"]);
    await expect(limiterFor(0).hit("verify", ["ip:10.0.0.4"])).rejects.toMatchObject(refusal);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(limiterFor(1).hit("verify", ["ip:10.0.0.4"])).resolves.toBeUndefined();
  });
});
