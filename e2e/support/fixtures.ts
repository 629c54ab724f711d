import { test as base, request as playwrightRequest } from "@playwright/test";
import { createConfirmedAccount, type TestAccount } from "./accounts";

/** `account`: one confirmed account per worker, made through the real sign-up and outbox flow. */
export const test = base.extend<object, { account: TestAccount }>({
  account: [
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const context = await playwrightRequest.newContext({ baseURL });
      await use(await createConfirmedAccount(context));
      await context.dispose();
    },
    { scope: "worker" },
  ],
});

export { expect } from "@playwright/test";
