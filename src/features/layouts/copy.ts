import { appConfig } from "@/config/app";
import { firstLoadLayoutCopy } from "./first-load-copy";

/** Every string the layout chrome shows (Simplified Chinese). */
export const layoutCopy = {
  brand: appConfig.name,
  tagline: appConfig.description,
  homeLinkLabel: `${appConfig.name} 首页`,
  openMenu: firstLoadLayoutCopy.openMenu,
  closeMenu: "关闭菜单",
  mainNavLabel: "主导航",
  mobileNavTitle: "导航菜单",
  skipToContent: "跳到主要内容",
  signIn: "登录",
  signUp: "免费注册",
  signOut: "退出登录",
  dashboardLink: "控制台",
  viewDocs: "查看文档",
  backHome: "返回首页",
  backToDashboard: "返回控制台",
  themeToggle: {
    label: firstLoadLayoutCopy.themeToggleLabel,
    menuLabel: "颜色模式",
    light: "浅色",
    dark: "深色",
    system: "跟随系统",
  },
  footer: {
    navLabel: "页脚导航",
    description: "快速接入 AI 模型与 AI 工作流。",
    copyright: (year: number) => `© ${year} ${appConfig.name}`,
  },
  auth: {
    footerNavLabel: "法律信息",
  },
  dashboard: {
    sidebarLabel: firstLoadLayoutCopy.sidebarLabel,
    userMenu: firstLoadLayoutCopy.userMenu,
    signedOut: "未登录",
    accountSettings: "账户设置",
    billing: "订阅与账单",
  },
  callback: {
    verifying: "正在验证，请稍候…",
  },
  home: {
    title: appConfig.name,
    subtitle: appConfig.description,
    intro: "思维火花让您在一个地方接入 AI 模型与 AI 工作流，通过对话、工作流和文本生成三种方式使用它们。",
  },
  appPage: {
    appId: "应用 ID：",
  },
} as const;
