import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import baseConfig, { browserProject } from "./playwright.config";

/**
 * The multi-process run (e2e/multi-process.spec.ts): three `npm start` processes on one throwaway
 * PostgreSQL behind a balancer, which the spec starts itself from the main run's build. Apart from
 * the main run, so its four servers do not compete with it for the machine's cores. Likewise
 * e2e/rolling-restart.spec.ts (three processes restarted one by one under chat traffic). Also
 * e2e/crash-restart.spec.ts: one server on PGlite killed and restarted, which needs its own process too,
 * e2e/cluster-wallet.spec.ts (parallel redemptions and payments across three processes) and
 * e2e/workers.spec.ts: one `npm start` with two workers (WEB_CONCURRENCY).
 */
if (!existsSync(".next/BUILD_ID")) throw new Error("没有生产构建：请先运行 npm run build（npm test 的主 e2e 运行会构建）。");

export default defineConfig({
  ...baseConfig,
  projects: [browserProject],
  testMatch: ["multi-process.spec.ts", "rolling-restart.spec.ts", "crash-restart.spec.ts", "cluster-wallet.spec.ts", "workers.spec.ts"],
  testIgnore: [],
  // Two files at a time: one worker left the machine half idle (54 % busy, mostly waiting on servers
  // starting, draining and restarting); two take the run from 145 to 94–110 s here.
  workers: 2,
  // Each file starts its own servers once (beforeAll): its tests stay together, in order, on one worker.
  fullyParallel: false,
  webServer: undefined,
});
