import { processCpuMs } from "../lib/process-cpu";
import type { RunningServer } from "../lib/production-server";
import { signedInCookie } from "../lib/signed-in-cookie";

/**
 * Server CPU per signed-in page view: `rounds` sequential requests of each route with a real session
 * cookie (through the proxy's session check, the layout's user and plan, the page), CPU time of the
 * server process read from /proc before and after.
 */
export async function signedInPageCpu(server: RunningServer, routes: string[], rounds = 40): Promise<Array<{ route: string; cpuMs: number }>> {
  const cookie = await signedInCookie(server.baseUrl);
  const results: Array<{ route: string; cpuMs: number }> = [];
  for (const route of routes) {
    const get = async () => {
      const response = await fetch(`${server.baseUrl}${route}`, { headers: { cookie }, redirect: "manual" });
      if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 5; i += 1) await get(); // warm-up: compiled code paths, caches
    const before = processCpuMs(server.pid);
    for (let i = 0; i < rounds; i += 1) await get();
    results.push({ route, cpuMs: (processCpuMs(server.pid) - before) / rounds });
  }
  return results;
}
