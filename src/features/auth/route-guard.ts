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

type PathMatchers = { included: (path: string) => boolean; excluded: (path: string) => boolean };

// Compiled once per configuration: the proxy asks on every request, and compiling the globs into
// regular expressions was most of the cost.
const compiledMatchers = new WeakMap<RouteGuardConfig, PathMatchers>();

function matchersFor(config: RouteGuardConfig): PathMatchers {
  let matchers = compiledMatchers.get(config);
  if (!matchers) {
    matchers = {
      included: picomatch([...config.include], { dot: true }),
      excluded: config.exclude.length > 0 ? picomatch([...config.exclude], { dot: true }) : () => false,
    };
    compiledMatchers.set(config, matchers);
  }
  return matchers;
}

/** Whether a path needs a session under this configuration. */
export function isGuardedPath(pathname: string, config: RouteGuardConfig = routeGuardConfig): boolean {
  if (pathname === config.loginRoute || pathname === config.callbackRoute) return false;
  const { included, excluded } = matchersFor(config);
  return included(pathname) && !excluded(pathname);
}
