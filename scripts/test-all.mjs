#!/usr/bin/env node
// `npm test`: every part of the suite in turn — stopping at the first that fails, as `a && b` would —
// then each part's time, so a slow part shows up in CI's log.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The machine's idle and total CPU time so far (all cores), to tell a CPU-bound part from a waiting one. */
function cpuTimes() {
  return os.cpus().reduce(
    (sum, cpu) => ({ idle: sum.idle + cpu.times.idle, total: sum.total + Object.values(cpu.times).reduce((a, b) => a + b, 0) }),
    { idle: 0, total: 0 },
  );
}

/** A loopback port nobody listens on now (as e2e/support/free-port.ts finds them). */
function freePort() {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return spawnSync(process.execPath, ["-e", script], { encoding: "utf8" }).stdout.trim();
}

// The build and the main e2e run must agree on the app's address and data directory (SITE_URL is read
// at build time): pinned here for both, as playwright.config.ts would pin them for itself — when the
// build starts, so no test before it has taken the port meanwhile.
let mainE2e;
const mainE2eEnv = () =>
  (mainE2e ??= {
    E2E_PORT: process.env.E2E_PORT ?? freePort(),
    E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "spark-e2e-")),
  });

/** [name, command, its extra environment] */
const parts = [
  ["Vitest · unit", "vitest run --project unit --project unit-isolated"],
  ["Vitest · service", "vitest run --project service --project service-isolated --project service-s3"],
  ["Build for e2e", "tsx e2e/support/build-for-e2e.ts", mainE2eEnv],
  ["e2e · main", "playwright test", () => ({ ...mainE2eEnv(), E2E_SKIP_BUILD: "1" })],
  ["e2e · multi-process", "playwright test --config playwright.cluster.config.ts"],
  ["e2e · hosted", "playwright test --config playwright.hosted.config.ts"],
  ["e2e · dev", "playwright test --config playwright.dev.config.ts"],
];

const finished = [];
let failed;
for (const [name, command, env = () => ({})] of parts) {
  const started = Date.now();
  const cpuBefore = cpuTimes();
  // npx finds the local binaries exactly as npm scripts do.
  const { status, signal } = spawnSync(`npx --no-install ${command}`, { shell: true, stdio: "inherit", env: { ...process.env, ...env() } });
  const cpuAfter = cpuTimes();
  const busy = 1 - (cpuAfter.idle - cpuBefore.idle) / Math.max(1, cpuAfter.total - cpuBefore.total);
  finished.push({ name, seconds: (Date.now() - started) / 1000, ok: status === 0, busy });
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}

const minutes = (seconds) => {
  const whole = Math.round(seconds); // rounded first: 59.6 s is 1:00, not 0:60
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};
console.log(`\nTime by part (CPU busy: all ${os.cpus().length} cores together):`);
for (const { name, seconds, ok, busy } of finished) {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(22)} ${minutes(seconds).padStart(6)}   ${Math.round(busy * 100)}%`);
}
console.log(`  total ${" ".repeat(21)} ${minutes(finished.reduce((sum, part) => sum + part.seconds, 0))}`);
if (failed) {
  console.error(`\n${failed}`);
  process.exit(1);
}
