/**
 * The route group a path belongs to, for the HTTP metrics' labels: a few dozen values at most
 * (never a raw path, whose ids would make a series per user).
 */
const GROUPS: [prefix: string, group: string][] = [
  ["/api/ai/dify/", "ai_proxy"],
  ["/api/ai/", "ai_other"],
  ["/v1/", "developer_api"],
  ["/auth/v1/", "auth_service"],
  ["/storage/v1/", "storage_service"],
  ["/api/auth/", "api_auth"],
  ["/api/health", "health"],
  ["/api/metrics", "metrics"],
  ["/api/checkout", "billing"],
  ["/api/billing/", "billing"],
  ["/api/webhooks/", "webhooks"],
  ["/api/admin/", "api_admin"],
  ["/api/", "api_other"],
  ["/_next/", "static"],
  ["/admin", "admin_pages"],
  ["/dashboard", "dashboard_pages"],
  ["/ai/", "app_pages"],
];

export function routeGroup(url: string): string {
  const path = url.split("?", 1)[0] ?? "/";
  for (const [prefix, group] of GROUPS) if (path.startsWith(prefix) || path === prefix.replace(/\/$/, "")) return group;
  return "pages";
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Known methods as they are; anything else one label value. */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : "other");
