import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `npm run bench [name…]`: runs bench/<name>/index.ts (all of them when no name is given).
 * Benchmarks print figures and ratios; they never pass or fail on a timing.
 */
const benchDir = path.dirname(new URL(import.meta.url).pathname);
const available = readdirSync(benchDir).filter(
  (entry) => entry !== "lib" && statSync(path.join(benchDir, entry)).isDirectory(),
);
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(1);
}

for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n== bench/${name} ==`);
  const benchmark = (await import(path.join(benchDir, name, "index.ts"))) as { default: () => Promise<void> };
  await benchmark.default();
}
