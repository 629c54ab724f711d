import { afterEach, describe, expect, it } from "vitest";
import { checkDatabaseHealth } from "@/lib/db/health";
import { lifecyclePhase, markDraining, markReady } from "@/lib/lifecycle.mjs";
import { createLogger, logger, replaceLogger } from "@/lib/log/logger.mjs";
import { livenessResponse, readinessResponse } from "./health";

const LIFECYCLE_KEY = Symbol.for("sparkai.lifecycle");
const databaseOk = () => checkDatabaseHealth({ driver: "pglite", getDatabase: async () => ({ execute: async () => [] }) as never });
const databaseGone = () => checkDatabaseHealth({ driver: "postgres", getDatabase: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")) });

describe("liveness and readiness", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[LIFECYCLE_KEY];
  });

  it("is live whatever the phase and the database", async () => {
    markDraining();
    const response = livenessResponse();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "alive" });
  });

  it("is not ready while start-up (migrations) runs, even with the database up", async () => {
    expect(lifecyclePhase()).toBe("starting");
    const response = await readinessResponse({ checkDatabase: databaseOk });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "starting" });
  });

  it("is ready once started with the database answering", async () => {
    markReady();
    const response = await readinessResponse({ checkDatabase: databaseOk });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("is not ready while the database is unreachable, and keeps the detail in the log", async () => {
    markReady();
    const lines: string[] = [];
    const previous = logger();
    replaceLogger(createLogger({ write: (line: string) => void lines.push(line) }, "info"));
    const response = await readinessResponse({ checkDatabase: databaseGone }).finally(() => replaceLogger(previous));
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: "database_unavailable" });
    expect(text).not.toContain("10.0.0.5");
    expect(lines.join("")).toContain("ECONNREFUSED");
  });

  it("is not ready once draining, and a late start-up step does not make it ready again", async () => {
    markReady();
    markDraining();
    markReady();
    const response = await readinessResponse({ checkDatabase: databaseOk });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "draining" });
  });
});
