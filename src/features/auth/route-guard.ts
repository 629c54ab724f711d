import picomatch from "picomatch";

/**
 * SPEC §2 route guard: visitors without a session are sent to the login route. Include / exclude
 * patterns take wildcards (`*` one segment, `**` any depth); the login and callback routes are never
 * guarded. Optionally the requested path is kept in a cookie (`{prefix}-redirect-path`) so sign-in can
 * return the visitor there.
 */
export type RouteGuardConfig = {
  include: readonly string[];
  exclude: readonly string[];
  loginRoute: string;
  callbackRoute: string;
  redirectCookie: { prefix: string } | false;
};

export const routeGuardConfig: RouteGuardConfig = {
  include: ["/dashboard", "/dashboard/**", "/ai/chat/**", "/ai/workflow/**", "/ai/completion/**", "/checkout/**"],
  exclude: [],
  loginRoute: "/auth/signin",
  callbackRoute: "/auth/callback",
  redirectCookie: { prefix: "spark" },
};

/** `?step=mfa` on the login route opens its MFA step (a signed-in aal1 session whose user has a factor). */
export const MFA_STEP_QUERY = { name: "step", value: "mfa" } as const;

export function redirectCookieName(config: RouteGuardConfig = routeGuardConfig): string | null {
  return config.redirectCookie ? `${config.redirectCookie.prefix}-redirect-path` : null;
}

/** Whether a path needs a session under this configuration. */
export function isGuardedPath(pathname: string, config: RouteGuardConfig = routeGuardConfig): boolean {
  if (pathname === config.loginRoute || pathname === config.callbackRoute) return false;
  const included = picomatch([...config.include], { dot: true });
  const excluded = config.exclude.length > 0 ? picomatch([...config.exclude], { dot: true }) : () => false;
  return included(pathname) && !excluded(pathname);
}
