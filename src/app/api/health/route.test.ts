import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHealth } from "@/lib/db/health";

const checkDatabaseHealth = vi.fn<() => Promise<DatabaseHealth>>();
vi.mock("@/lib/db/health", () => ({ checkDatabaseHealth }));

const { GET, dynamic } = await import("./route");

describe("GET /api/health", () => {
  // Braces: a hook returning a function has it called as a cleanup, and mockReset() returns the mock.
  beforeEach(() => {
    checkDatabaseHealth.mockReset();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers 200 when the database is ok", async () => {
    checkDatabaseHealth.mockResolvedValue({ status: "ok", driver: "pglite", latencyMs: 3 });
    const response = await GET();
    expect(dynamic).toBe("force-dynamic");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      app: { name: "思维火花", buildId: expect.any(String), uptimeSeconds: expect.any(Number) },
      database: { status: "ok", driver: "pglite", latencyMs: 3 },
    });
  });

  it("answers 503 and degraded when the database is not", async () => {
    const database: DatabaseHealth = { status: "error", driver: "postgres", latencyMs: 1, message: "数据库不可用：x" };
    checkDatabaseHealth.mockResolvedValue(database);
    const response = await GET();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "degraded", database });
  });

  it("keeps the failure's detail out of the answer in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    checkDatabaseHealth.mockResolvedValue({ status: "error", driver: "pglite", latencyMs: 1, message: "数据库不可用：/srv/app/.data/db locked" });
    const response = await GET();
    expect(response.status).toBe(503);
    const body = (await response.json()) as { database: DatabaseHealth };
    expect(body.database.message).toBe("数据库不可用");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("/srv/app/.data/db"));
    log.mockRestore();
  });
});
