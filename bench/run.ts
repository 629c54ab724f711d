import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `npm run bench [name…]`: runs bench/<name>/index.ts (all of them when no name is given).
 * Benchmarks print figures and ratios; they never pass or fail on a timing.
 */
// tsx runs this file as CommonJS (the package has no "type": "module"): no import.meta, no top-level await.
const benchDir = __dirname;
const available = readdirSync(benchDir).filter(
  (entry) => entry !== "lib" && statSync(path.join(benchDir, entry)).isDirectory(),
);
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${available.join(", ")}`);
  process.exit(1);
}

async function runBenchmarks(names: string[]) {
  for (const name of names) {
    console.log(`\n== bench/${name} ==`);
    type Benchmark = () => Promise<void>;
    // Loaded as CommonJS, an ES module's default export can arrive wrapped once more.
    const loaded = (await import(path.join(benchDir, name, "index.ts"))) as { default: Benchmark | { default: Benchmark } };
    const benchmark = typeof loaded.default === "function" ? loaded.default : loaded.default.default;
    await benchmark();
  }
}

runBenchmarks(requested.length > 0 ? requested : available).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
