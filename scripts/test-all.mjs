#!/usr/bin/env node
// `npm test`: every part of the suite in turn — stopping at the first that fails, as `a && b` would —
// then each part's time, so a slow part shows up in CI's log.
import { spawnSync } from "node:child_process";

const parts = [
  ["Vitest · unit", "vitest run --project unit --project unit-isolated"],
  ["Vitest · service", "vitest run --project service --project service-s3"],
  ["e2e · main", "playwright test"],
  ["e2e · multi-process", "playwright test --config playwright.cluster.config.ts"],
  ["e2e · hosted", "playwright test --config playwright.hosted.config.ts"],
  ["e2e · dev", "playwright test --config playwright.dev.config.ts"],
];

const finished = [];
let failed;
for (const [name, command] of parts) {
  const started = Date.now();
  // npx finds the local binaries exactly as npm scripts do.
  const { status, signal } = spawnSync(`npx --no-install ${command}`, { shell: true, stdio: "inherit" });
  finished.push({ name, seconds: (Date.now() - started) / 1000, ok: status === 0 });
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
console.log("\nTime by part:");
for (const { name, seconds, ok } of finished) console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(22)} ${minutes(seconds)}`);
console.log(`  total ${" ".repeat(21)} ${minutes(finished.reduce((sum, part) => sum + part.seconds, 0))}`);
if (failed) {
  console.error(`\n${failed}`);
  process.exit(1);
}
