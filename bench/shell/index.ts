import { formatLoad, measureLoad } from "../lib/measure";
import { startProductionServer } from "../lib/production-server";

/**
 * The app shell's cheap paths against what they avoid: a /.well-known miss must cost far less than
 * rendering the 404 page, and the health check must stay close to a static page.
 */
export default async function shellBenchmark() {
  const server = await startProductionServer();
  try {
    const get = (path: string) => () => fetch(`${server.baseUrl}${path}`);
    for (const path of ["/", "/no-such-page", "/.well-known/unknown"]) await measureLoad(get(path), { requests: 40 }); // warm-up

    const staticPage = await measureLoad(get("/"));
    const renderedNotFound = await measureLoad(get("/no-such-page"));
    const wellKnownMiss = await measureLoad(get("/.well-known/unknown"));
    const health = await measureLoad(get("/api/health"));

    console.log(formatLoad("static page /", staticPage));
    console.log(formatLoad("rendered 404 /no-such-page", renderedNotFound));
    console.log(formatLoad("bare 404 /.well-known/unknown", wellKnownMiss));
    console.log(formatLoad("GET /api/health", health));
    console.log(`ratio  .well-known miss p50 / rendered 404 p50: ${(wellKnownMiss.p50Ms / renderedNotFound.p50Ms).toFixed(2)}`);
    console.log(`ratio  health req/s / static page req/s:        ${(health.perSecond / staticPage.perSecond).toFixed(2)}`);
  } finally {
    await server.stop();
  }
}
