import { processCpuMs } from "../lib/process-cpu";
import type { RunningServer } from "../lib/production-server";
import { signedInCookie } from "../lib/signed-in-cookie";

/**
 * Server CPU per view of `url`: `rounds` sequential requests after a warm-up (compiled code paths,
 * caches), CPU time of the server process read from /proc before and after.
 */
export async function serverCpuPerView(pid: number, url: string, headers: Record<string, string> = {}, rounds = 40): Promise<number> {
  const get = async () => {
    const response = await fetch(url, { headers, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < 5; i += 1) await get();
  const before = processCpuMs(pid);
  for (let i = 0; i < rounds; i += 1) await get();
  return (processCpuMs(pid) - before) / rounds;
}

/**
 * Server CPU per signed-in page view, each route with a real session cookie (through the proxy's
 * session check, the layout's user and plan, the page).
 */
export async function signedInPageCpu(server: RunningServer, routes: string[], rounds = 40): Promise<Array<{ route: string; cpuMs: number }>> {
  const cookie = await signedInCookie(server.baseUrl);
  const results: Array<{ route: string; cpuMs: number }> = [];
  for (const route of routes) results.push({ route, cpuMs: await serverCpuPerView(server.pid, `${server.baseUrl}${route}`, { cookie }, rounds) });
  return results;
}
