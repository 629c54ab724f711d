import { startProductionServer } from "../lib/production-server";
import { formatLoad, measureLoad, type LoadResult } from "../lib/measure";
import { processCpuMs } from "../lib/process-cpu";

/** Target of issue 15 for GET /auth/v1/user through the app on PGlite (printed, never asserted). */
const TARGET_APP_USER_PER_SECOND = 1000;

/**
 * GET /auth/v1/user on the path a browser's supabase-js takes: `npm start` (server.mjs → the fast
 * lane, src/features/fast-lane → the embedded gateway) on PGlite, in its own process, at `concurrency`
 * connections with one signed-in user's token; beside it GET /auth/v1/health (no token, no
 * database) on the same path: what the mount costs before the service does anything.
 */
export async function userThroughTheApp(requests: number, concurrency: number): Promise<void> {
  const server = await startProductionServer({ AUTH_AUTOCONFIRM: "true" });
  try {
    const { anonKey } = (await (await fetch(`${server.baseUrl}/api/auth/config`)).json()) as { anonKey: string };
    const headers = { apikey: anonKey, "content-type": "application/json" };
    const credentials = JSON.stringify({ email: "app-path@example.com", password: "Spark-bench-2026" });
    const signup = await fetch(`${server.baseUrl}/auth/v1/signup`, { method: "POST", headers, body: credentials });
    if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
    const signIn = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, { method: "POST", headers, body: credentials });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const userHeaders = { apikey: anonKey, authorization: `Bearer ${token}` };
    const getUser = async () => {
      const response = await fetch(`${server.baseUrl}/auth/v1/user`, { headers: userHeaders });
      if (response.status !== 200) throw new Error(`GET /auth/v1/user: ${response.status} ${await response.text()}`);
      return response;
    };
    const getHealth = () => fetch(`${server.baseUrl}/auth/v1/health`);
    await measureLoad(getUser, { requests: 300, concurrency }); // warm-up (JIT)
    await measureLoad(getHealth, { requests: 300, concurrency });
    // The server's CPU per request (/proc), which the load generator's share of the machine does not blur.
    const withCpu = async (send: () => Promise<Response>): Promise<LoadResult & { cpuMs: number }> => {
      const before = processCpuMs(server.pid);
      const result = await measureLoad(send, { requests, concurrency });
      return { ...result, cpuMs: (processCpuMs(server.pid) - before) / result.requests };
    };
    const user = await withCpu(getUser);
    const health = await withCpu(getHealth);
    console.log(`-- npm start (server.mjs → fast lane → /auth/v1), PGlite, ${concurrency} connections`);
    console.log(`${formatLoad("GET /auth/v1/user (app)", user)}   server CPU ${user.cpuMs.toFixed(2)} ms/request`);
    console.log(`${formatLoad("GET /auth/v1/health (app, no work)", health)}   server CPU ${health.cpuMs.toFixed(2)} ms/request`);
    const met = user.perSecond >= TARGET_APP_USER_PER_SECOND;
    console.log(`   ${user.perSecond.toFixed(0)} req/s (target ≥ ${TARGET_APP_USER_PER_SECOND}: ${met ? "met" : "NOT met"})`);
  } finally {
    await server.stop();
  }
}
