/** Error page copy (SPEC §2). */
const titlesByStatus: Record<number, string> = {
  404: "页面不存在",
  500: "服务器内部错误",
  403: "无权访问",
  401: "未经授权",
};

export function errorTitle(statusCode: number): string {
  return titlesByStatus[statusCode] ?? "出错了";
}

export const errorCopy = {
  backHome: "返回首页",
  backPrevious: "返回上一页",
  genericMessage: "页面加载时出现问题，请稍后重试。",
  notFoundMessage: "您访问的页面不存在，可能已被移动或删除，请检查网址是否正确。",
  forbiddenMessage: "您没有权限访问这个页面。",
  unauthorizedMessage: "请先登录后再访问这个页面。",
} as const;

/** SPEC §8: an unknown route and a route whose parameters failed validation are told apart. */
export const notFoundMessage = {
  unknownRoute: (path: string) => `Page not found: ${path}`,
  invalidParams: (fullPath: string) => `Page Not Found: ${fullPath}`,
} as const;
