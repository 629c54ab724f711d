#!/usr/bin/env node
// `npm test`: every part of the suite in turn — stopping at the first that fails, as `a && b` would —
// then each part's time, so a slow part shows up in CI's log.
import { spawnSync } from "node:child_process";
import os from "node:os";

/** The machine's idle and total CPU time so far (all cores), to tell a CPU-bound part from a waiting one. */
function cpuTimes() {
  return os.cpus().reduce(
    (sum, cpu) => ({ idle: sum.idle + cpu.times.idle, total: sum.total + Object.values(cpu.times).reduce((a, b) => a + b, 0) }),
    { idle: 0, total: 0 },
  );
}

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
  const cpuBefore = cpuTimes();
  // npx finds the local binaries exactly as npm scripts do.
  const { status, signal } = spawnSync(`npx --no-install ${command}`, { shell: true, stdio: "inherit" });
  const cpuAfter = cpuTimes();
  const busy = 1 - (cpuAfter.idle - cpuBefore.idle) / Math.max(1, cpuAfter.total - cpuBefore.total);
  finished.push({ name, seconds: (Date.now() - started) / 1000, ok: status === 0, busy });
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
console.log(`\nTime by part (CPU busy: all ${os.cpus().length} cores together):`);
for (const { name, seconds, ok, busy } of finished) {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(22)} ${minutes(seconds).padStart(6)}   ${Math.round(busy * 100)}%`);
}
console.log(`  total ${" ".repeat(21)} ${minutes(finished.reduce((sum, part) => sum + part.seconds, 0))}`);
if (failed) {
  console.error(`\n${failed}`);
  process.exit(1);
}
