import { openDatabase } from "@/lib/db";
import { startPostgresServer } from "../../test/postgres-server";
import { formatLoad, measureLoad, type LoadResult } from "../lib/measure";
import { startProductionServer } from "../lib/production-server";
import { signedInCookie } from "../lib/signed-in-cookie";
import { SEED_USAGE_ROWS, SEED_USERS, seedAdminData } from "./seed";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
/** Operators are few: one request at a time by default, so the figures are latencies, not queueing. */
const CONCURRENCY = Number(process.env.BENCH_ADMIN_CONCURRENCY ?? 1);
/** Issue 18's target (printed, never asserted). */
const TARGET_P95_MS = 300;

/** A throwaway PostgreSQL like the tests start, or BENCH_DATABASE_URL (an empty database: it is seeded). */
async function postgres(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const server = await startPostgresServer();
  if ("skipped" in server) {
    console.log(`PostgreSQL unavailable, benchmark skipped: ${server.skipped}`);
    return null;
  }
  return server;
}

/**
 * The console on the data set: 10 000 users and 1 000 000 usage rows in PostgreSQL, the
 * production server (`npm start`), an operator's cookie; p50 / p95 of the users list (first page, a
 * search, a deep page) and the usage page and its API, against the target p95 ≤ 300 ms.
 */
export default async function adminBenchmark() {
  const database = await postgres();
  if (!database) return;
  const started = performance.now();
  // Opening applies the migrations (as the server would); then the seed.
  const handle = await openDatabase({ kind: "postgres", url: database.url });
  try {
    await seedAdminData(handle.db);
  } finally {
    await handle.close();
  }
  console.log(`seeded ${SEED_USERS.toLocaleString("en")} users and ${SEED_USAGE_ROWS.toLocaleString("en")} usage rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const adminEmail = "bench-operator@example.com";
  const server = await startProductionServer({
    DATABASE_URL: database.url,
    ADMIN_EMAILS: adminEmail,
    DEV_OUTBOX: "on",
    AUTH_RATE_LIMIT_SIGN_IN: "1000/60",
    AUTH_RATE_LIMIT_SIGN_UP: "1000/60",
    AUTH_MIN_MAIL_INTERVAL: "0",
  });
  try {
    // ADMIN_EMAILS makes the account an operator on its first console visit (src/features/admin/README.md).
    const cookie = await signedInCookie(server.baseUrl, adminEmail);
    const check = await fetch(`${server.baseUrl}/api/admin/users`, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`the operator is not let into the console: ${check.status}`);
    const deepPage = Math.max(1, Math.floor((SEED_USERS * 0.9) / 20));
    const targets: Array<[string, string]> = [
      ["/admin/users (page 1)", "/admin/users"],
      ["/admin/users?q= (search)", "/admin/users?q=bench-user-4242"],
      [`/admin/users?page=${deepPage} (deep)`, `/admin/users?page=${deepPage}`],
      [`GET /api/admin/users?page=${deepPage}`, `/api/admin/users?page=${deepPage}`],
      ["/admin/usage (this month)", "/admin/usage"],
      ["GET /api/admin/usage", "/api/admin/usage"],
    ];
    console.log(`-- ${REQUESTS} requests each, ${CONCURRENCY} at a time; target p95 ≤ ${TARGET_P95_MS} ms`);
    const results: Array<[string, LoadResult]> = [];
    for (const [name, path] of targets) {
      const get = async () => {
        const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        return response;
      };
      await measureLoad(get, { requests: 3, concurrency: 1 }); // warm-up: compiled paths, caches
      const result = await measureLoad(get, { requests: REQUESTS, concurrency: CONCURRENCY });
      results.push([name, result]);
      console.log(`${formatLoad(name, result)}   ${result.p95Ms <= TARGET_P95_MS ? "met" : "NOT met"}`);
    }
  } finally {
    await server.stop();
    await database.stop();
  }
}
