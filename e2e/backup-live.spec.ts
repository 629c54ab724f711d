import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

/**
 * `npm run backup` against the running production server (`npm start` on PGlite, E2E_DATA_DIR): the
 * server opened DATA_DIR/control.sock at start-up and writes the backup itself, without stopping.
 * (The restore round trip with writes during the backup: src/features/backup/server/live-backup.test.ts.)
 */
test("npm run backup works while the app is serving", async ({ request }) => {
  test.setTimeout(120_000);
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, "playwright.config.ts sets E2E_DATA_DIR").toBeTruthy();
  const root = mkdtempSync(path.join(tmpdir(), "spark-e2e-backup-"));
  try {
    const out = path.join(root, "backup");
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "backup", "--", out], { env });
    expect(stdout).toContain(`备份完成：${out}`);
    expect(existsSync(path.join(out, "manifest.json"))).toBe(true);
    expect(existsSync(path.join(out, "pglite.tar.gz"))).toBe(true);
    // Still serving: nothing was stopped.
    expect((await request.get("/api/health/ready")).status()).toBe(200);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
