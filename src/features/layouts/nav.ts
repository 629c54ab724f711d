/** Navigation definitions of the four layouts. Labels are the visible (and accessible) link text. */

export type NavItem = {
  href: string;
  label: string;
  /** Active only on the exact path, not on paths below it. */
  exact?: boolean;
};

export type NavGroup = {
  /** Group heading; `undefined` for an ungrouped block. */
  label?: string;
  items: readonly NavItem[];
};

export const routes = {
  home: "/",
  signIn: "/auth/signin",
  signUp: "/auth/signup",
  docs: "/docs",
  terms: "/legal/terms",
  privacy: "/legal/privacy",
  report: "/legal/report",
  dashboard: "/dashboard",
  dashboardAi: "/dashboard/ai/ai",
  settings: "/dashboard/settings",
  billing: "/dashboard/settings/billing",
} as const;

export const marketingNav: readonly NavItem[] = [
  { href: "/", label: "首页", exact: true },
  { href: "/ai", label: "AI 应用" },
  { href: "/blog", label: "博客" },
  { href: "/pricing", label: "价格" },
  { href: "/docs", label: "文档" },
  { href: "/changelog", label: "更新日志" },
];

export const footerNav: readonly NavGroup[] = [
  {
    label: "产品",
    items: [
      { href: "/ai", label: "AI 应用" },
      { href: "/pricing", label: "价格" },
      { href: "/changelog", label: "更新日志" },
    ],
  },
  {
    label: "资源",
    items: [
      { href: "/docs", label: "文档" },
      { href: "/blog", label: "博客" },
      { href: "/docs/quick-start", label: "自己部署" },
    ],
  },
  {
    label: "法律",
    items: [
      { href: routes.terms, label: "服务条款" },
      { href: routes.privacy, label: "隐私政策" },
      { href: routes.report, label: "投诉举报" },
    ],
  },
];

export const legalNav: readonly NavItem[] = [
  { href: routes.terms, label: "服务条款" },
  { href: routes.privacy, label: "隐私政策" },
];

export const dashboardNav: readonly NavGroup[] = [
  { items: [{ href: routes.dashboard, label: "概览", exact: true }] },
  {
    label: "AI",
    items: [
      { href: routes.dashboardAi, label: "AI 应用" },
      { href: "/dashboard/ai/tokens", label: "Token 用量" },
      { href: "/dashboard/knowledge", label: "知识库" },
    ],
  },
  {
    label: "演示",
    items: [
      { href: "/dashboard/demo/notes", label: "笔记" },
      { href: "/dashboard/demo/storage", label: "文件存储" },
    ],
  },
  {
    label: "设置",
    items: [
      // Exact, so that the billing page below does not light up the settings link too.
      { href: routes.settings, label: "账户设置", exact: true },
      { href: routes.billing, label: "订阅与账单" },
    ],
  },
];

/** A link is active on its own path and, unless `exact`, on any path below it. */
export function isNavItemActive(item: Pick<NavItem, "href" | "exact">, pathname: string | null): boolean {
  if (!pathname) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === item.href) return true;
  if (item.exact || item.href === "/") return false;
  return path.startsWith(`${item.href}/`);
}
