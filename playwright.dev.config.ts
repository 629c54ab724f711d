import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { findFreePort } from "./e2e/support/free-port";
import baseConfig, { browserProject } from "./playwright.config";

/**
 * What only `npm run dev` does: the app as a newcomer first runs it, on a port other than 3000 and with
 * no SITE_URL, so links must follow the address the browser used. Next's dev server writes to
 * `.next/dev`, apart from the production build the other runs use.
 */
const devPort = (process.env.E2E_DEV_PORT ??= findFreePort());
const baseURL = `http://127.0.0.1:${devPort}`;
const dataDir = (process.env.E2E_DEV_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "spark-e2e-dev-")));

export default defineConfig({
  ...baseConfig,
  projects: [browserProject],
  testDir: "e2e/dev",
  testIgnore: [],
  // One dev server compiles each route on first visit: one worker keeps it from compiling everything at once.
  workers: 1,
  // The first visit of a route compiles it.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  use: { ...baseConfig.use, baseURL },
  webServer: {
    command: `npx next dev --port ${devPort} --hostname 127.0.0.1`,
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // Nothing that names the site's address: the point is that the dev server works it out.
    env: { DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", AUTH_MIN_MAIL_INTERVAL: "0" },
  },
});
