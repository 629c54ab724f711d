/**
 * The layout strings shown by the browser islands in every page's first load (the menu buttons, the
 * colour-mode switch, the dashboard's mobile nav). Apart from layoutCopy, which includes them: an island
 * importing layoutCopy would ship all the chrome's copy to every page (≈ 0.5 KB of gzip) for four labels.
 */
export const firstLoadLayoutCopy = {
  openMenu: "打开菜单",
  themeToggleLabel: "切换颜色模式",
  userMenu: "用户菜单",
  sidebarLabel: "控制台导航",
} as const;
