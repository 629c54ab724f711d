// Layout chrome of the four layouts (marketing, auth, dashboard, default/app pages).
export { AppPageHeading } from "./app-page-heading";
export { AppPageShell } from "./app-page-shell";
export { AuthCallbackStatus } from "./auth-callback-status";
export { AuthShell } from "./auth-shell";
export { layoutCopy } from "./copy";
export { DashboardShell } from "./dashboard-shell";
export { DashboardLink, SignedOutLinks, type MarketingAccountPlace } from "./marketing-account-links";
export type { MarketingAccountSlots } from "./marketing-header";
export { MarketingPage } from "./marketing-page";
export { MarketingShell } from "./marketing-shell";
export { dashboardNav, footerNav, isNavItemActive, legalNav, marketingNav, routes, type NavGroup, type NavItem } from "./nav";
export { PageHeading } from "./page-heading";
export { SiteLogo } from "./site-logo";
export { SparkMark } from "./spark-mark";
export { ThemeToggle } from "./theme-toggle";
export { UserMenu, type UserMenuProps, type UserMenuUser } from "./user-menu";
