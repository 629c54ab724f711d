import { setRequestObserver } from "@/lib/net/request-observer.mjs";
import { appMetrics } from "./metrics";
import { methodLabel, routeGroup } from "./route-groups";

/**
 * Counts every request server.mjs answers — the fast lane's (AI proxy, /v1, /auth/v1) and Next.js's —
 * by route group and status, with its duration (until a stream's last byte). Installed at start-up.
 */
export function countHttpRequests(): void {
  const metrics = appMetrics();
  setRequestObserver(({ method, url, status, seconds }) => {
    const group = routeGroup(url);
    const code = String(status);
    metrics.httpRequests.inc({ route_group: group, method: methodLabel(method), status: code });
    metrics.httpDuration.observe({ route_group: group, status: code }, seconds);
  });
}
