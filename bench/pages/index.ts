import { startProductionServer } from "../lib/production-server";
import { measureFirstLoadJs } from "./first-load-js";
import { measurePaints, type PaintTimes } from "./lcp";

/** Marketing routes measured (one of each kind of page). */
const routes = ["/", "/ai", "/blog", "/blog/getting-started", "/docs", "/docs/guides/dify-apps", "/changelog", "/legal/terms", "/pricing"];

const TARGET_HOME_JS_KB = 110;
const TARGET_LCP_MS = 800;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number | undefined) => (value === undefined ? "none" : `${value.toFixed(0)} ms`);

function reportPaints(label: string, runs: PaintTimes[]) {
  const lcps = runs.map((run) => run.lcp).filter((value): value is number => value !== undefined);
  const lcp = lcps.length === runs.length ? median(lcps) : undefined;
  const fcp = median(runs.map((run) => run.fcp ?? Number.NaN));
  const verdict = lcp === undefined ? "no LCP entry in some runs" : lcp <= TARGET_LCP_MS ? "met" : "NOT met";
  console.log(
    `${label.padEnd(34)} LCP median ${ms(lcp)} [${runs.map((run) => ms(run.lcp)).join(", ")}]  FCP median ${ms(fcp)}  (target LCP ≤ ${TARGET_LCP_MS} ms: ${verdict})`,
  );
}

/**
 * Marketing pages: first-load JavaScript per route (gzip, from the HTML's script tags and the build's
 * files) and the Largest Contentful Paint of `/` in headless Chromium. Prints figures against the
 * targets (≤ 110 KB gzip on `/`, LCP ≤ 0.8 s desktop); never fails on them.
 */
export default async function pagesBenchmark() {
  const server = await startProductionServer();
  try {
    console.log(`${"route".padEnd(28)} ${"scripts".padStart(7)} ${"JS gzip".padStart(10)} ${"JS raw".padStart(10)} ${"inline gzip".padStart(12)}`);
    let homeGzip = 0;
    for (const route of routes) {
      const response = await fetch(`${server.baseUrl}${route}`);
      if (!response.ok) {
        console.log(`${route.padEnd(28)} HTTP ${response.status}`);
        continue;
      }
      const result = measureFirstLoadJs(await response.text());
      if (route === "/") homeGzip = result.gzipBytes;
      console.log(
        `${route.padEnd(28)} ${String(result.scripts).padStart(7)} ${`${kb(result.gzipBytes)} KB`.padStart(10)} ${`${kb(result.rawBytes)} KB`.padStart(10)} ${`${kb(result.inlineGzipBytes)} KB`.padStart(12)}`,
      );
    }
    console.log(`first-load JS of /: ${kb(homeGzip)} KB gzip (target ≤ ${TARGET_HOME_JS_KB} KB: ${homeGzip / 1024 <= TARGET_HOME_JS_KB ? "met" : "NOT met"})`);

    // Headless Chromium, desktop viewport, loopback, fresh context (cold browser cache) per run.
    await measurePaints(`${server.baseUrl}/`, { runs: 1 }); // warm the server
    reportPaints("/ as shipped", await measurePaints(`${server.baseUrl}/`));
    reportPaints("/ with reduced motion (no fade-in)", await measurePaints(`${server.baseUrl}/`, { reducedMotion: "reduce" }));
  } finally {
    await server.stop();
  }
}
