import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { latestOutboxMessage } from "../support/accounts";

// A newcomer's `npm run dev` on a port other than 3000, without SITE_URL.

test("sign-up mail, robots and security.txt point at the port the browser used", async ({ request, baseURL }) => {
  const email = `dev-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await request.post("/api/auth/signup", { data: { type: "email", email, password: "Spark-dev-2026" } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { link } = await latestOutboxMessage(request, email);
  expect(link?.startsWith(`${baseURL}/`), String(link)).toBe(true);

  // The link works: it confirms the address and lands on this same server, signed in.
  const confirmed = await request.get(link!);
  expect(new URL(confirmed.url()).origin).toBe(baseURL);

  expect(await (await request.get("/robots.txt")).text()).toContain(`${baseURL}/sitemap.xml`);
  expect(await (await request.get("/.well-known/security.txt")).text()).toContain(baseURL);
});

test("a 404 page in development shows no error", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Next's dev tools badge counts React errors such as "Encountered a script tag" ("1 Issue").
  await expect(page.getByRole("button", { name: "Open Next.js Dev Tools" })).toBeVisible();
  // An error is reported asynchronously after hydration: its absence can only be seen over a while.
  await page.waitForTimeout(3_000);
  await expect(page.getByText(/^\d+ Issues?$/)).toHaveCount(0);
  expect(errors.filter((text) => !text.includes("404"))).toEqual([]);
});
