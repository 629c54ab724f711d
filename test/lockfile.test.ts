import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type LockEntry = { optionalDependencies?: Record<string, string> };

/**
 * `npm ci` refuses a lock that lacks an entry for any optional dependency; npm drops the native
 * packages of other platforms that this registry does not carry. scripts/complete-lockfile.mjs adds
 * them back — this fails when someone forgot to run it after `npm install`.
 */
describe("package-lock.json", () => {
  it("has an entry for every optional dependency, so a clean `npm ci` works", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = location ? `${location}/node_modules/${dependency}` : `node_modules/${dependency}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${dependency}`]) missing.push(dependency);
      }
    }
    expect(missing, "run `node scripts/complete-lockfile.mjs`").toEqual([]);
  });
});
