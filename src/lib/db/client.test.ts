import { mkdtemp, realpath, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

describe("getDatabase", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "sparkai-client-"));
    vi.stubEnv("DATA_DIR", root);
    vi.stubEnv("DATABASE_URL", "");
  });
  afterAll(async () => {
    const { closeDatabase } = await import("./client");
    await closeDatabase();
    vi.unstubAllEnvs();
    await rm(root, { recursive: true, force: true });
  });

  it("opens PGlite under DATA_DIR once and survives a module reload", async () => {
    const client = await import("./client");
    const [a, b] = await Promise.all([client.getDatabase(), client.getDatabase()]);
    expect(a).toBe(b);
    expect((await client.getDatabaseHandle()).driver).toBe("pglite");

    // What the dev server does on every edit: fresh module instances, same process.
    vi.resetModules();
    const reloaded = await import("./client");
    expect(reloaded).not.toBe(client);
    await expect(reloaded.getDatabase()).resolves.toBe(a);
  });

  it("reopens after closeDatabase", async () => {
    const client = await import("./client");
    const before = await client.getDatabaseHandle();
    await client.closeDatabase();
    expect(before.closed).toBe(true);
    const after = await client.getDatabaseHandle();
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ driver: "pglite", dataDir: path.join(await realpath(root), "pglite") });
  });

  it("never opens the database inside `next build` (no lock left for `npm start` to trip over)", async () => {
    const client = await import("./client");
    await client.closeDatabase();
    vi.stubEnv("NEXT_PHASE", "phase-production-build");
    try {
      await expect(client.getDatabase()).rejects.toThrow(/next build/);
    } finally {
      vi.stubEnv("NEXT_PHASE", "");
    }
    const { existsSync } = await import("node:fs");
    expect(existsSync(path.join(await realpath(root), "pglite.lock"))).toBe(false);
  });
});
