/** The 网站应用 the e2e server signs in through (playwright.config.ts, fake-wechat-server.ts). */
export const E2E_WECHAT_OPEN_APP = { appId: "wx00000000e2eopen1", appSecret: "e2e-open-secret-0123456789abcdef" };
