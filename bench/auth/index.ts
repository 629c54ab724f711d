import { mkdtempSync } from "node:fs";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createEmbeddedGateway } from "@/embedded/gateway";
import { parseAuthConfig } from "@/embedded/auth";
import { openDatabase } from "@/lib/db";
import { formatLoad, measureLoad } from "../lib/measure";
import { bystanderUnderFlood, type SignInRequest } from "./flood";
import { floodThroughTheApp } from "./flood-app";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Times `count` sequential calls of `step` (each may depend on the previous one's answer). */
async function timeSequential(count: number, step: () => Promise<void>): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await step();
    timings.push(performance.now() - started);
  }
  return timings;
}

/**
 * The embedded auth service over loopback HTTP, on a throwaway PGlite with production password
 * hashing: requests/s of GET /auth/v1/user against the service's own /health (the cost of checking
 * a session vs the HTTP stack alone), p50 of the refresh grant and of password sign-in, and a
 * bystander's sign-in while 200 wrong-password sign-ins run (see flood.ts).
 */
export default async function authBenchmark() {
  const handle = await openDatabase({ kind: "pglite", dataDir: mkdtempSync(path.join(tmpdir(), "spark-bench-auth-")) });
  let server: ReturnType<typeof serve> | undefined;
  try {
    const authConfig = parseAuthConfig({
      siteUrl: "http://127.0.0.1",
      autoconfirm: true,
      rateLimits: { signIn: { max: 1_000_000, windowSeconds: 60 } },
    });
    const gateway = await createEmbeddedGateway({ db: handle.db, authConfig, storageDir: mkdtempSync(path.join(tmpdir(), "spark-bench-storage-")) });
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: gateway.app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve(info.port));
    });
    // Node closes idle keep-alive sockets after 5 s, racing the client's reuse of them (ECONNRESET).
    (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 65_000;
    const base = `http://127.0.0.1:${port}/auth/v1`;
    const anonHeaders = { apikey: gateway.auth.keys.anonKey, "content-type": "application/json" };
    const credentials = JSON.stringify({ email: "bench@example.com", password: "Spark-bench-2026" });
    await fetch(`${base}/signup`, { method: "POST", headers: anonHeaders, body: credentials });

    const signIn = async () => {
      const response = await fetch(`${base}/token?grant_type=password`, { method: "POST", headers: anonHeaders, body: credentials });
      if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { access_token: string; refresh_token: string };
    };
    let session = await signIn();
    const userHeaders = { ...anonHeaders, authorization: `Bearer ${session.access_token}` };

    await measureLoad(() => fetch(`${base}/user`, { headers: userHeaders }), { requests: 200 }); // warm-up
    const health = await measureLoad(() => fetch(`${base}/health`, { headers: anonHeaders }), { requests: REQUESTS, concurrency: 16 });
    const user = await measureLoad(() => fetch(`${base}/user`, { headers: userHeaders }), { requests: REQUESTS, concurrency: 16 });

    const refreshTimings = await timeSequential(200, async () => {
      const response = await fetch(`${base}/token?grant_type=refresh_token`, {
        method: "POST",
        headers: anonHeaders,
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      session = (await response.json()) as typeof session;
    });
    const signInTimings = await timeSequential(40, async () => void (await signIn()));

    console.log(formatLoad("GET /auth/v1/health (baseline)", health));
    console.log(formatLoad("GET /auth/v1/user", user));
    console.log(`refresh grant          p50 ${percentile(refreshTimings, 0.5).toFixed(1)} ms   p95 ${percentile(refreshTimings, 0.95).toFixed(1)} ms`);
    console.log(`password sign-in       p50 ${percentile(signInTimings, 0.5).toFixed(1)} ms   p95 ${percentile(signInTimings, 0.95).toFixed(1)} ms (argon2id, 19 MiB)`);
    console.log(`ratio  /user req/s / /health req/s: ${(user.perSecond / health.perSecond).toFixed(2)}`);

    const victim = { email: "victim@example.com", password: "Spark-victim-2026" };
    await fetch(`${base}/signup`, { method: "POST", headers: anonHeaders, body: JSON.stringify(victim) });
    // The standalone server believes X-Forwarded-For from a loopback peer: each caller names its IP.
    const tokenRequest: SignInRequest = (ip, email, password) => ({
      url: `${base}/token?grant_type=password`,
      init: { method: "POST", headers: { ...anonHeaders, "x-forwarded-for": ip }, body: JSON.stringify({ email, password }) },
    });
    await bystanderUnderFlood(
      { bystanderRequest: tokenRequest, floodRequest: tokenRequest, bystander: { email: "bench@example.com", password: "Spark-bench-2026" }, victimEmail: victim.email },
      "standalone auth service (flood and bystander in one process with the service)",
    );
  } finally {
    server?.close();
    await handle.close();
  }
  await floodThroughTheApp();
}
