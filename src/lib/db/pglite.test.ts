import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./open";
import { profiles } from "./schema";

const FIXTURE = path.join(process.cwd(), "test", "fixtures", "open-pglite.ts");

/** Runs the fixture in a separate Node process, as a second server opening the same directory would. */
function openInChild(dataDir: string, mode?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const args = ["--conditions=react-server", "--import", "tsx", FIXTURE, dataDir, ...(mode ? [mode] : [])];
    const child = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("PGlite on disk", () => {
  let root: string;
  let dataDir: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "sparkai-pglite-"));
    dataDir = path.join(root, "pglite");
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("refuses a second process while one holds the directory, and lets it in afterwards", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir });
    if (handle.driver !== "pglite") throw new Error("expected PGlite");
    const refused = await openInChild(dataDir);
    expect(refused.code).toBe(3);
    expect(refused.stdout).not.toContain("opened");
    expect(refused.stderr).toContain(`数据目录 ${handle.dataDir} 正被另一个进程使用`);
    expect(refused.stderr).toContain("请先停止另一个进程，或设置 DATABASE_URL");

    await handle.close();
    const allowed = await openInChild(dataDir);
    expect(allowed.stderr).toBe("");
    expect(allowed).toMatchObject({ code: 0, stdout: "opened\n" });
  });

  it("releases the lock when the holding process exits without closing", async () => {
    const child = await openInChild(dataDir, "exit-without-close");
    expect(child).toMatchObject({ code: 0, stdout: "opened\n" });
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await handle.close();
  });

  it("opens at once after the process holding the directory was SIGKILLed (a crashed server restarts)", async () => {
    const args = ["--conditions=react-server", "--import", "tsx", FIXTURE, dataDir, "hold"];
    const holder = spawn(process.execPath, args, { cwd: process.cwd(), stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("opened") && resolve());
      holder.once("exit", (code) => reject(new Error(`holder exited ${code}`)));
    });
    // As if the holder had just been busy writing: a lock judged by its age would look fresh.
    const now = new Date();
    await utimes(`${dataDir}.lock`, now, now);
    const killed = new Promise((resolve) => holder.once("exit", resolve));
    holder.kill("SIGKILL");
    await killed;
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await expect(handle.db.select().from(profiles)).resolves.toEqual([]);
    await handle.close();
  }, 60_000);

  it("keeps data across close and reopen", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    const first = await openDatabase({ kind: "pglite", dataDir });
    await first.db.insert(profiles).values({ id, displayName: "小明" });
    await first.close();
    expect(first.closed).toBe(true);

    const second = await openDatabase({ kind: "pglite", dataDir });
    await expect(second.db.select().from(profiles)).resolves.toMatchObject([{ id, displayName: "小明" }]);
    await second.close();
  });

  it("reopens an existing directory with the site's 32 MB buffer pool, not PGlite's resident 128 MB", async () => {
    await (await openDatabase({ kind: "pglite", dataDir })).close();
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      const { rows } = await reopened.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe("32MB");
    } finally {
      await reopened.close();
    }
  });
});
