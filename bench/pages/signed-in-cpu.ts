import { processCpuMs } from "../lib/process-cpu";
import type { RunningServer } from "../lib/production-server";

const PASSWORD = "Spark-bench-2026";

/** The session cookies of a new, confirmed account, made the way a browser does (sign-up, mail link, sign-in). */
async function signedInCookie(baseUrl: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: "email", email, password: PASSWORD }) });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ link: string | null }> };
  const link = outbox.messages[0]?.link;
  if (!link) throw new Error("no confirmation link in the dev outbox");
  // The mail links to SITE_URL (unset here): the same path on the bench's server.
  const { pathname, search } = new URL(link);
  await fetch(`${baseUrl}${pathname}${search}`, { redirect: "manual" });
  const signIn = await fetch(`${baseUrl}/api/auth/signin`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

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
