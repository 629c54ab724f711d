import { defineConfig } from "@playwright/test";
import baseConfig, { browserProject } from "./playwright.config";
import { findFreePort } from "./e2e/support/free-port";

/**
 * The accounts e2e again, with the app in hosted mode: SUPABASE_URL points at the embedded services
 * running as a separate process (e2e/hosted/start-hosted-stack.ts). Reuses the build of the main run.
 * Its server also has a tiny free quota, for quota.spec (which the main run skips).
 */
const servicesPort = (process.env.E2E_SERVICES_PORT ??= findFreePort());
const baseURL = String(baseConfig.use?.baseURL);
// The app's server (the main config also starts a stand-in OAuth provider, not needed here).
const mainServer = [baseConfig.webServer].flat().find((server) => server?.url?.endsWith("/api/health"));

export default defineConfig({
  ...baseConfig,
  projects: [browserProject],
  testMatch: ["auth.spec.ts", "quota.spec.ts"],
  testIgnore: [],
  webServer: {
    command: "npx tsx e2e/hosted/start-hosted-stack.ts",
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // A 1-token free plan: quota.spec reaches the limit with one real answer.
    env: { ...mainServer?.env, E2E_SERVICES_PORT: servicesPort, FREE_PLAN_MONTHLY_TOKENS: "1" },
  },
});
