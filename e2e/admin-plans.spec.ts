import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { signInThroughApi } from "./support/accounts";
import { ADMIN, ensureAdminAccount } from "./support/admin-account";
import { expect, test } from "./support/fixtures";
import { toastRegion } from "./support/toasts";

// The operator console's 套餐 section (issue 18).

async function savePlan(page: Page, planId: string, fill: Record<string, string>) {
  await page.goto(`/admin/plans/${planId}`);
  for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(toastRegion(page)).toContainText("套餐已保存");
}

const pricingCard = (page: Page, name: string) => page.getByRole("list", { name: "套餐列表" }).getByRole("listitem", { name });

test("an operator changes 专业版's price and description and the pricing page shows them at once", async ({ page }) => {
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);
  await page.goto("/admin/plans");
  await page.getByRole("table", { name: "套餐" }).getByRole("link", { name: "专业版" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "编辑套餐：专业版" })).toBeVisible();
  await expect(page.getByLabel("月付价格（元）")).toHaveValue("49");

  // Other specs buy 专业版 at ¥49 on the same server: the change is put back straight after the check.
  await savePlan(page, "pro", { "月付价格（元）": "59.9", 简介: "e2e：新价格与新简介" });
  await page.goto("/pricing");
  const pro = pricingCard(page, "专业版");
  await expect(pro).toContainText("¥59.90");
  await expect(pro).toContainText("e2e：新价格与新简介");

  await savePlan(page, "pro", { "月付价格（元）": "49", 简介: "更高额度，适合日常重度使用" });
  await page.goto("/pricing");
  await expect(pricingCard(page, "专业版")).toContainText("¥49");
});

test("a plan added in the console shows on the pricing page until it is hidden, then is deleted", async ({ page }) => {
  const suffix = randomBytes(3).toString("hex");
  const id = `e2e-${suffix}`;
  const name = `测试版 ${suffix}`;
  await ensureAdminAccount(page.request);
  await signInThroughApi(page.request, ADMIN);

  await page.goto("/admin/plans/new");
  await page.getByLabel("套餐 ID").fill(id);
  await page.getByLabel("名称").fill(name);
  await page.getByLabel("月付价格（元）").fill("-1");
  await page.getByLabel("年付价格（元）").fill("990");
  await page.getByLabel("每月 Token 额度").fill("5000000");
  await page.getByLabel("排序（越小越靠前，越靠后视为更高档）").fill("900");
  await page.getByLabel("功能亮点（每行一条）").fill("专属测试通道\n第二条亮点");
  await page.getByRole("button", { name: "创建套餐" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "月付价格（元）：请输入不小于 0 的金额，最多两位小数" })).toBeVisible();
  await page.getByLabel("月付价格（元）").fill("99.99");
  await page.getByRole("button", { name: "创建套餐" }).click();
  await expect(toastRegion(page)).toContainText("套餐已创建");
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole("table", { name: "套餐" }).getByRole("row", { name: new RegExp(name) })).toContainText("¥99.99");

  await page.goto("/pricing");
  await expect(pricingCard(page, name)).toContainText("¥99.99");
  await expect(pricingCard(page, name)).toContainText("专属测试通道");

  await page.goto(`/admin/plans/${id}`);
  await page.getByLabel("在定价页公开").uncheck();
  await page.getByRole("button", { name: "保存" }).click();
  await expect(toastRegion(page)).toContainText("套餐已保存");
  await page.goto("/pricing");
  await expect(pricingCard(page, "专业版")).toBeVisible();
  await expect(pricingCard(page, name)).toHaveCount(0);

  await page.goto(`/admin/plans/${id}`);
  await page.getByRole("button", { name: "删除套餐" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "删除套餐" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expect(page.getByRole("table", { name: "套餐" })).not.toContainText(name);
});
