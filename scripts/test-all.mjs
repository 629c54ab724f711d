#!/usr/bin/env node
// `npm test`: every part of the suite — stopping at the first that fails, as `a && b` would — then
// each part's time, so a slow part shows up in CI's log.
import { spawn, spawnSync } from "node:child_process";
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
// at build time): pinned here for both, as playwright.config.ts would pin them for itself.
const mainE2e = {
  E2E_PORT: process.env.E2E_PORT ?? freePort(),
  E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "spark-e2e-")),
};

/**
 * The parts in order, as stages: the parts of one stage run side by side. Only the unit tests share
 * theirs, with the build: both leave a core partly idle (≈ 60 % and 88 % busy alone), and neither
 * depends on timing. Every other part is CPU-bound or times things, and runs alone.
 * [name, command, its extra environment]
 */
const stages = [
  [
    ["Vitest · unit", "vitest run --project unit --project unit-isolated"],
    ["Build for e2e", "tsx e2e/support/build-for-e2e.ts", mainE2e],
  ],
  [["Vitest · service", "vitest run --project service --project service-isolated --project service-s3"]],
  [["e2e · main", "playwright test", { ...mainE2e, E2E_SKIP_BUILD: "1" }]],
  [["e2e · multi-process", "playwright test --config playwright.cluster.config.ts"]],
  [["e2e · hosted", "playwright test --config playwright.hosted.config.ts"]],
  [["e2e · dev", "playwright test --config playwright.dev.config.ts"]],
];

/** The process groups of the parts running now. */
const groups = new Set();
function stopGroup(pid) {
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const pid of groups) stopGroup(pid);
    process.exit(130);
  });
}

/**
 * Runs one part. Its output goes to ours: at once for the first part of a stage, and for the others
 * held back until `showOutput()` (when the parts before it have ended), so the log reads part by part.
 */
function runPart([name, command, env = {}], live) {
  const started = Date.now();
  // Piped, the runners would drop their colours: kept when ours go to a terminal.
  const colour = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
  // npx finds the local binaries exactly as npm scripts do. In a process group of its own, so that a
  // failing part (or Ctrl+C here) stops the whole of another part: its runner, servers and browsers.
  const child = spawn(`npx --no-install ${command}`, { shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...colour, ...env } });
  groups.add(child.pid);
  const held = [];
  let showing = live;
  for (const [stream, target] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    stream.on("data", (chunk) => (showing ? target.write(chunk) : held.push([target, chunk])));
  }
  const ended = new Promise((resolve) =>
    child.on("close", (status, signal) => {
      groups.delete(child.pid);
      resolve({ name, seconds: (Date.now() - started) / 1000, ok: status === 0, signal, status });
    }),
  );
  return {
    ended,
    showOutput() {
      for (const [target, chunk] of held.splice(0)) target.write(chunk);
      showing = true;
    },
    stop: () => stopGroup(child.pid),
  };
}

const finished = [];
let failed;
for (const stage of stages) {
  const cpuBefore = cpuTimes();
  const running = stage.map((part, index) => runPart(part, index === 0));
  for (const part of running) part.ended.then((result) => !result.ok && running.forEach((other) => other.stop()));
  const results = [];
  for (const [index, part] of running.entries()) {
    part.showOutput();
    results.push(await part.ended);
    if (index + 1 < running.length) console.log(`\n${"─".repeat(20)} ${stage[index + 1][0]} ${"─".repeat(20)}`);
  }
  const cpuAfter = cpuTimes();
  const busy = 1 - (cpuAfter.idle - cpuBefore.idle) / Math.max(1, cpuAfter.total - cpuBefore.total);
  finished.push({ results, busy });
  const failure = results.find((result) => !result.ok);
  if (failure) {
    failed = `${failure.name} failed (${failure.signal ?? `exit ${failure.status}`})`;
    break;
  }
}

const minutes = (seconds) => {
  const whole = Math.round(seconds); // rounded first: 59.6 s is 1:00, not 0:60
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};
console.log(`\nTime by part (CPU busy: all ${os.cpus().length} cores together; parts side by side share one figure):`);
let total = 0;
for (const { results, busy } of finished) {
  for (const [index, { name, seconds, ok }] of results.entries()) {
    const together = results.length > 1 ? (index === 0 ? "┐" : "┘") : " ";
    const busyShown = index === results.length - 1 ? `${Math.round(busy * 100)}%` : "";
    console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(22)} ${minutes(seconds).padStart(6)} ${together} ${busyShown}`);
  }
  total += Math.max(...results.map((result) => result.seconds));
}
console.log(`  total ${" ".repeat(21)} ${minutes(total)}`);
if (failed) {
  console.error(`\n${failed}`);
  process.exit(1);
}
