import { describe, expect, it } from "vitest";
import { dashboardNav, footerNav, isNavItemActive, marketingNav } from "./nav";

const find = (items: readonly { href: string; exact?: boolean }[], href: string) => {
  const item = items.find((i) => i.href === href);
  if (!item) throw new Error(`no nav item ${href}`);
  return item;
};

describe("isNavItemActive", () => {
  it("lights 首页 only on /", () => {
    const home = find(marketingNav, "/");
    expect(isNavItemActive(home, "/")).toBe(true);
    expect(isNavItemActive(home, "/blog")).toBe(false);
  });

  it("lights a marketing link on its path and below it, not on look-alike paths", () => {
    const blog = find(marketingNav, "/blog");
    expect(isNavItemActive(blog, "/blog")).toBe(true);
    expect(isNavItemActive(blog, "/blog/")).toBe(true);
    expect(isNavItemActive(blog, "/blog/a/b")).toBe(true);
    expect(isNavItemActive(blog, "/blogger")).toBe(false);
    expect(isNavItemActive(blog, null)).toBe(false);
  });

  it("keeps /dashboard and /dashboard/settings exact", () => {
    const items = dashboardNav.flatMap((g) => g.items);
    const active = (path: string) => items.filter((i) => isNavItemActive(i, path)).map((i) => i.href);
    expect(active("/dashboard")).toEqual(["/dashboard"]);
    expect(active("/dashboard/settings")).toEqual(["/dashboard/settings"]);
    expect(active("/dashboard/settings/billing")).toEqual(["/dashboard/settings/billing"]);
    expect(active("/dashboard/ai/tokens")).toEqual(["/dashboard/ai/tokens"]);
  });
});

describe("footerNav", () => {
  it("links the legal pages, 投诉举报 among them (a public way to complain, issue 33)", () => {
    const legal = footerNav.find((group) => group.label === "法律")!;
    expect(legal.items.map((item) => item.href)).toEqual(["/legal/terms", "/legal/privacy", "/legal/report"]);
  });
});
