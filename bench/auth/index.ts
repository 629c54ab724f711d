import { mkdtempSync } from "node:fs";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { decodeJwt } from "jose";
import { createEmbeddedGateway } from "@/embedded/gateway";
import { parseAuthConfig } from "@/embedded/auth";
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from "@/lib/db";
import { startPostgresServer } from "../../test/postgres-server";
import { formatLoad, measureLoad, type LoadResult } from "../lib/measure";
import { startAuthFloor } from "./floor";
import { bystanderUnderFlood, type SignInRequest } from "./flood";
import { floodThroughTheApp } from "./flood-app";
import { userThroughTheApp } from "./app-path";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 16;
/** Targets of issue 15 (printed, never asserted). */
const TARGET_USER_VS_FLOOR = 0.5;
const TARGET_REFRESH_VS_FLOOR = 0.3;

type Tokens = { access_token: string; refresh_token: string };

/** `chains` workers each refreshing their own token `perChain` times in a row (a refresh consumes its token). */
async function measureRefreshChains(firstTokens: string[], perChain: number, refresh: (token: string) => Promise<string>): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    firstTokens.map(async (first) => {
      let token = first;
      for (let i = 0; i < perChain; i += 1) {
        const t0 = performance.now();
        token = await refresh(token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return { requests: latencies.length, seconds, perSecond: latencies.length / seconds, p50Ms: at(0.5), p95Ms: at(0.95) };
}

const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)} × floor (target ≥ ${target}: ${ratio >= target ? "met" : "NOT met"})`;

/**
 * The embedded auth service over loopback HTTP against the floor (floor.ts) on the same database:
 * GET /auth/v1/user and the refresh grant at 16 connections, as req/s and their ratio.
 */
async function serviceAgainstFloor(label: string, handle: DatabaseHandle, afterwards?: (base: string, anonHeaders: Record<string, string>) => Promise<void>) {
  let server: ReturnType<typeof serve> | undefined;
  const authConfig = parseAuthConfig({ siteUrl: "http://127.0.0.1", autoconfirm: true, rateLimits: { signIn: { max: 1_000_000, windowSeconds: 60 } } });
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
  const signIn = async (): Promise<Tokens> => {
    const response = await fetch(`${base}/token?grant_type=password`, { method: "POST", headers: anonHeaders, body: credentials });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Tokens;
  };
  // One after another: the service bounds concurrent password checks (and refuses the excess).
  const sessions: Tokens[] = [];
  for (let i = 0; i < CONCURRENCY; i += 1) sessions.push(await signIn());
  const claims = decodeJwt(sessions[0]!.access_token);
  const floor = await startAuthFloor(handle.db, { userId: String(claims.sub), sessionId: String(claims.session_id) });
  try {
    const userHeaders = { ...anonHeaders, authorization: `Bearer ${sessions[0]!.access_token}` };
    const floorHeaders = { authorization: `Bearer ${floor.accessToken}` };
    await measureLoad(() => fetch(`${base}/user`, { headers: userHeaders }), { requests: 200 }); // warm-up
    await measureLoad(() => fetch(`${floor.base}/user`, { headers: floorHeaders }), { requests: 200 });
    const user = await measureLoad(() => fetch(`${base}/user`, { headers: userHeaders }), { requests: REQUESTS, concurrency: CONCURRENCY });
    const floorUser = await measureLoad(() => fetch(`${floor.base}/user`, { headers: floorHeaders }), { requests: REQUESTS, concurrency: CONCURRENCY });

    const perChain = Math.max(10, Math.floor(REQUESTS / 4 / CONCURRENCY));
    const refresh = await measureRefreshChains(
      sessions.map((session) => session.refresh_token),
      perChain,
      async (token) => {
        const response = await fetch(`${base}/token?grant_type=refresh_token`, { method: "POST", headers: anonHeaders, body: JSON.stringify({ refresh_token: token }) });
        if (!response.ok) throw new Error(`refresh failed: ${response.status} ${await response.text()}`);
        return ((await response.json()) as Tokens).refresh_token;
      },
    );
    const floorTokens = await Promise.all(sessions.map(() => floor.issueRefreshToken()));
    const floorRefresh = await measureRefreshChains(floorTokens, perChain, async (token) => {
      const response = await fetch(`${floor.base}/token`, { method: "POST", body: JSON.stringify({ refresh_token: token }) });
      if (!response.ok) throw new Error(`floor refresh failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as Tokens).refresh_token;
    });

    console.log(`-- ${label}, ${CONCURRENCY} connections`);
    console.log(formatLoad("GET /auth/v1/user (service)", user));
    console.log(formatLoad("GET /user (floor)", floorUser));
    console.log(`   service / floor: ${verdict(user.perSecond / floorUser.perSecond, TARGET_USER_VS_FLOOR)}`);
    console.log(formatLoad("refresh grant (service)", refresh));
    console.log(formatLoad("refresh (floor)", floorRefresh));
    console.log(`   service / floor: ${verdict(refresh.perSecond / floorRefresh.perSecond, TARGET_REFRESH_VS_FLOOR)}`);
    await afterwards?.(base, anonHeaders);
  } finally {
    floor.close();
    server?.close();
  }
}

/** A bystander's sign-in while 200 wrong-password sign-ins run against the same service (see flood.ts). */
async function bystanderOnTheService(base: string, anonHeaders: Record<string, string>) {
  const victim = { email: "victim@example.com", password: "Spark-victim-2026" };
  await fetch(`${base}/signup`, { method: "POST", headers: anonHeaders, body: JSON.stringify(victim) });
  // The service believes X-Forwarded-For from a loopback peer: each caller names its IP.
  const tokenRequest: SignInRequest = (ip, email, password) => ({
    url: `${base}/token?grant_type=password`,
    init: { method: "POST", headers: { ...anonHeaders, "x-forwarded-for": ip }, body: JSON.stringify({ email, password }) },
  });
  await bystanderUnderFlood(
    { bystanderRequest: tokenRequest, floodRequest: tokenRequest, bystander: { email: "bench@example.com", password: "Spark-bench-2026" }, victimEmail: victim.email },
    "standalone auth service (flood and bystander in one process with the service)",
  );
}

/** PostgreSQL for the second run: BENCH_DATABASE_URL, or a throwaway server like the tests start. */
async function withPostgres(run: (target: DatabaseTarget) => Promise<void>) {
  if (process.env.BENCH_DATABASE_URL) return run({ kind: "postgres", url: process.env.BENCH_DATABASE_URL });
  const server = await startPostgresServer();
  if ("skipped" in server) {
    console.log(`-- PostgreSQL skipped: ${server.skipped}`);
    return;
  }
  try {
    await run({ kind: "postgres", url: server.url });
  } finally {
    await server.stop();
  }
}

/**
 * The embedded auth service against the floor on PGlite and on PostgreSQL (production password
 * hashing), GET /auth/v1/user through the app (`npm start` on PGlite; BENCH_SKIP_APP=1 skips it),
 * then a bystander's sign-in under a wrong-password flood, on the service and through the app.
 */
export default async function authBenchmark() {
  const pglite = await openDatabase({ kind: "pglite", dataDir: mkdtempSync(path.join(tmpdir(), "spark-bench-auth-")) });
  try {
    await serviceAgainstFloor("PGlite", pglite, bystanderOnTheService);
  } finally {
    await pglite.close();
  }
  await withPostgres(async (target) => {
    const handle = await openDatabase(target);
    try {
      await serviceAgainstFloor("PostgreSQL", handle);
    } finally {
      await handle.close();
    }
  });
  if (!process.env.BENCH_SKIP_APP) await userThroughTheApp(REQUESTS, CONCURRENCY);
  if (!process.env.BENCH_SKIP_FLOOD && !process.env.BENCH_SKIP_APP) await floodThroughTheApp();
}
