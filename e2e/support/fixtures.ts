import { test as base, request as playwrightRequest } from "@playwright/test";
import { createConfirmedAccount, type TestAccount } from "./accounts";

type TestFixtures = {
  /** Console texts of CSP reports a spec provokes on purpose (e.g. being framed); anything else fails. */
  expectedCspViolations: RegExp[];
};

/**
 * `account`: one confirmed account per worker, made through the real sign-up and outbox flow.
 * `context` (and so `page`): fails the test on any Content-Security-Policy violation in its pages,
 * whether Chromium reports it as a `securitypolicyviolation` event or only on the console.
 */
export const test = base.extend<TestFixtures, { account: TestAccount }>({
  account: [
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const context = await playwrightRequest.newContext({ baseURL });
      await use(await createConfirmedAccount(context));
      await context.dispose();
    },
    { scope: "worker" },
  ],
  expectedCspViolations: [[], { option: true }],
  context: async ({ context, expectedCspViolations }, provide, testInfo) => {
    const violations: string[] = [];
    const record = (text: string) => {
      if (!expectedCspViolations.some((pattern) => pattern.test(text))) violations.push(text);
    };
    await context.exposeBinding("__sparkReportCspViolation", ({ page }, text: string) => record(`${page.url()}: ${text}`));
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __sparkReportCspViolation?: (text: string) => void }).__sparkReportCspViolation;
        report?.(`Content Security Policy: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
      });
    });
    context.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) record(`${message.page()?.url() ?? ""}: ${message.text()}`);
    });
    await provide(context);
    if (violations.length > 0) {
      await testInfo.attach("csp-violations", { body: violations.join("\n"), contentType: "text/plain" });
      throw new Error(`页面违反了 Content-Security-Policy：\n${[...new Set(violations)].join("\n")}`);
    }
  },
});

export { expect } from "@playwright/test";
