import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_WECHAT_OPEN_APP } from "./e2e/support/fake-wechat-app";
import { findFreePort } from "./e2e/support/free-port";

/**
 * E2E runs against a production build (`next build && npm start`, i.e. server.mjs) on a free loopback port, in
 * Debian's Chromium: Playwright cannot download its own browser on these machines.
 * Workers re-read this file, so values chosen here are pinned in process.env for them.
 *
 * Debian's `chromium-headless-shell` comes first when installed (.ci/run installs it): the same engine
 * without the desktop browser, as Playwright's own headless default. Measured here, it costs ≈ 0.25 s of
 * CPU per page view against ≈ 0.8 s for the full browser in headless mode, and Chromium is most of the
 * e2e run's CPU. To watch a test run headed, point CHROMIUM_PATH at /usr/bin/chromium.
 */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error("找不到 Chromium：请安装 Debian 的 chromium 软件包，或用 CHROMIUM_PATH 指定可执行文件。");
  return found;
}

const port = (process.env.E2E_PORT ??= findFreePort());
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "spark-e2e-")));
const baseURL = `http://127.0.0.1:${port}`;
const oauthPort = (process.env.FAKE_OAUTH_PORT ??= findFreePort());
const oauthURL = `http://127.0.0.1:${oauthPort}`;
const wechatPort = (process.env.FAKE_WECHAT_PORT ??= findFreePort());
const wechatURL = `http://127.0.0.1:${wechatPort}`;

// quota.spec needs the tiny free quota of the hosted-mode server (playwright.hosted.config.ts);
// dev/ runs against `next dev` (playwright.dev.config.ts); multi-process and crash-restart start their own
// servers (playwright.cluster.config.ts).
const OTHER_CONFIGS_SPECS = ["quota.spec.ts", "dev/**", "multi-process.spec.ts", "crash-restart.spec.ts", "rolling-restart.spec.ts", "cluster-wallet.spec.ts", "workers.spec.ts"];
const SITE_WIDE_SWITCH_SPECS = ["phone-required.spec.ts", "content-safety-ban.spec.ts"];

/** Debian's Chromium as a desktop browser; the other configs (cluster, hosted, dev) run their specs in it alone. */
export const browserProject = { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } };

export default defineConfig({
  testDir: "e2e",
  testIgnore: OTHER_CONFIGS_SPECS,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Every page renders per request (its CSP nonce), and the longest flows sign up, upload and reload
  // several times: 30 s was too tight on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace keeps Chromium drawing screencast frames for every test, passing or not: on CI
    // (which retries once) only the retry of a failed test records one, so a failure still comes with it.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    locale: "zh-CN",
    // As a visitor who has 减少动态效果 on: pages appear without their slide-in, so Chromium draws a few
    // frames fewer per navigation and Playwright's clicks need not wait for a moving target (≈ 10 % of a
    // 27-test sample's CPU here). The slide-in itself, and that this setting turns it off: layouts.spec.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // A renderer per site (and the features below) cost processes and CPU on every navigation and
        // test no behaviour of ours: ≈ 8 % off the wall time of a 27-test sample on two cores.
        "--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter,PaintHolding",
        "--disable-extensions",
        "--disable-renderer-backgrounding",
      ],
    },
  },
  projects: [
    { ...browserProject, testIgnore: [...OTHER_CONFIGS_SPECS, ...SITE_WIDE_SWITCH_SPECS] },
    // Specs that flip a site-wide console switch (使用 AI 前须绑定手机号, the repeated-hit ban) run alone,
    // after every other spec has finished: while the switch is on, any other spec's chat could be refused.
    {
      name: "site-wide switches",
      use: browserProject.use,
      testMatch: SITE_WIDE_SWITCH_SPECS,
      dependencies: ["chromium"],
      fullyParallel: false,
      // One at a time: each switch would refuse the other spec's chats.
      workers: 1,
    },
  ],
  webServer: [
    {
      // A stand-in OAuth provider, so "使用 GitHub 登录" can be followed end to end (e2e/oauth.spec.ts).
      command: "npx tsx e2e/support/fake-oauth-provider.ts",
      url: `${oauthURL}/health`,
      reuseExistingServer: false,
      env: { FAKE_OAUTH_PORT: oauthPort },
    },
    {
      // WeChat's OAuth API as a fake, so "使用微信登录" can be followed end to end (e2e/wechat-sign-in.spec.ts).
      command: "npx tsx e2e/support/fake-wechat-server.ts",
      url: `${wechatURL}/health`,
      reuseExistingServer: false,
      env: { FAKE_WECHAT_PORT: wechatPort },
    },
    {
      // A keep-alive longer than Node's 5 s: otherwise a request sent on an idle socket as the server
      // closes it fails with ECONNRESET (seen in quota.spec and billing.spec on a busy machine).
      // E2E_SKIP_BUILD=1 reuses the build already in .next (re-running specs while working on them).
      command: `${process.env.E2E_SKIP_BUILD ? "" : "npm run build && "}npm run start -- --port ${port} --hostname 127.0.0.1 --keepAliveTimeout 65000`,
      url: `${baseURL}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        DATA_DIR: dataDir,
        SITE_URL: baseURL,
        NEXT_PUBLIC_E2E_HOOKS: "1",
        DEV_OUTBOX: "on",
        // The local test-mode checkout (off by default in production builds); the billing specs pay through it.
        CHECKOUT_TEST_MODE: "on",
        // The filings in every page's footer (e2e/compliance-labels.spec.ts). REQUIRE_PHONE_FOR_AI stays
        // unset: e2e/phone-required.spec.ts turns it on and off through the console's 站点设置.
        SITE_ICP_NUMBER: "京ICP备12345678号-1",
        SITE_PSB_NUMBER: "京公网安备11010502012345号",
        SITE_GENAI_FILING: "网信算备110108012345601230011号",
        // The operator console (e2e/admin-users.spec.ts): this address becomes an admin once confirmed.
        ADMIN_EMAILS: "e2e-admin@example.com",
        // Every e2e request comes from 127.0.0.1: per-IP auth limits sized for people would trip.
        // The limits themselves are proven by the auth service's own tests.
        AUTH_RATE_LIMIT_SIGN_IN: "2000/300",
        AUTH_RATE_LIMIT_SIGN_UP: "2000/300",
        AUTH_RATE_LIMIT_OTP: "2000/300",
        AUTH_RATE_LIMIT_RESEND: "2000/300",
        AUTH_RATE_LIMIT_VERIFY: "2000/300",
        AUTH_RATE_LIMIT_MFA: "2000/60",
        AUTH_RATE_LIMIT_SMS: "2000/3600",
        // Every e2e visitor is 127.0.0.1: the human check would start after 3 texts. Kept off here
        // (phone-captcha.spec.ts turns it on for its own numbers' block through the block threshold).
        AUTH_RATE_LIMIT_SMS_PREFIX: "2000/3600",
        AUTH_SMS_CAPTCHA_AFTER_IP: "2000/3600",
        AUTH_SMS_CAPTCHA_AFTER_PREFIX: "2/3600",
        AUTH_CAPTCHA_POW_DIFFICULTY: "12",
        AUTH_SMS_DAILY_LIMIT: "100000",
        AUTH_MIN_MAIL_INTERVAL: "0",
        NEXT_TELEMETRY_DISABLED: "1",
        // Users may link / unlink third-party accounts in the settings (e2e/wechat-sign-in.spec.ts).
        AUTH_MANUAL_LINKING: "true",
        WECHAT_OPEN_APP_ID: E2E_WECHAT_OPEN_APP.appId,
        WECHAT_OPEN_APP_SECRET: E2E_WECHAT_OPEN_APP.appSecret,
        WECHAT_OPEN_BASE_URL: wechatURL,
        WECHAT_API_BASE_URL: wechatURL,
        AUTH_EXTERNAL_PROVIDERS: JSON.stringify({
          github: {
            clientId: "spark-e2e",
            clientSecret: "spark-e2e-secret",
            authorizeUrl: `${oauthURL}/authorize`,
            tokenUrl: `${oauthURL}/token`,
            userInfoUrl: `${oauthURL}/userinfo`,
            scopes: "read:user user:email",
          },
        }),
      },
    },
  ],
});
