#!/usr/bin/env node
// `npm test`: every part of the suite — stopping after the first stage with a failure, as `a && b` would —
// then each part's time, so a slow part shows up in CI's log.
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
// at build time): pinned here for both, as playwright.config.ts would pin them for itself — when the
// build starts, so no test before it has taken the port meanwhile.
let mainE2e;
const mainE2eEnv = () =>
  (mainE2e ??= {
    E2E_PORT: process.env.E2E_PORT ?? freePort(),
    E2E_DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "spark-e2e-")),
  });

/**
 * The parts, as stages run in turn: each stage's lanes run side by side, each lane's parts in turn.
 * A part is [name, command, its extra environment]. Side by side where one lane leaves cores idle:
 * the build (one core for long stretches: its type check, its page data) beside the service tests,
 * and the multi-process specs (waiting on restarts and drains about half the time) beside the other
 * two small e2e runs. A stage's lanes all finish before the run stops at a failure.
 */
const stages = [
  [
    [
      ["Vitest · unit", "vitest run --project unit --project unit-isolated"],
      ["Vitest · service", "vitest run --project service --project service-isolated --project service-s3"],
    ],
    [["Build for e2e", "tsx e2e/support/build-for-e2e.ts", mainE2eEnv]],
  ],
  [[["e2e · main", "playwright test", () => ({ ...mainE2eEnv(), E2E_SKIP_BUILD: "1" })]]],
  [
    [["e2e · multi-process", "playwright test --config playwright.cluster.config.ts"]],
    [
      ["e2e · hosted", "playwright test --config playwright.hosted.config.ts"],
      ["e2e · dev", "playwright test --config playwright.dev.config.ts"],
    ],
  ],
];

/** Copies a child's output line by line, each line tagged with its part: lanes side by side interleave. */
function copyTagged(stream, target, tag) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    if (lines.length > 0) target.write(lines.map((line) => `${tag} ${line}\n`).join(""));
  });
  stream.on("end", () => pending && target.write(`${tag} ${pending}\n`));
}

/** Runs one part to its end: { seconds, ok, busy, signal, status }. Tagged output when `tagged`. */
function runPart([name, command, env = () => ({})], tagged) {
  const started = Date.now();
  const cpuBefore = cpuTimes();
  // npx finds the local binaries exactly as npm scripts do.
  const child = spawn(`npx --no-install ${command}`, {
    shell: true,
    stdio: tagged ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env() },
  });
  if (tagged) {
    copyTagged(child.stdout, process.stdout, `[${name}]`);
    copyTagged(child.stderr, process.stderr, `[${name}]`);
  }
  return new Promise((resolve) => {
    child.on("close", (status, signal) => {
      const cpuAfter = cpuTimes();
      const busy = 1 - (cpuAfter.idle - cpuBefore.idle) / Math.max(1, cpuAfter.total - cpuBefore.total);
      resolve({ name, seconds: (Date.now() - started) / 1000, ok: status === 0, busy, failure: signal ?? `exit ${status}` });
    });
  });
}

/** One lane's parts in turn, stopping at its first failure. */
async function runLane(lane, tagged) {
  const results = [];
  for (const part of lane) {
    const result = await runPart(part, tagged);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

const started = Date.now();
const finished = [];
let failed;
for (const stage of stages) {
  const lanes = await Promise.all(stage.map((lane) => runLane(lane, stage.length > 1)));
  finished.push(...lanes.flat());
  const failure = lanes.flat().find((result) => !result.ok);
  if (failure) {
    failed = `${failure.name} failed (${failure.failure})`;
    break;
  }
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
console.log(`\nTime by part (CPU busy: all ${os.cpus().length} cores together; parts in one stage ran side by side):`);
stages.forEach((stage, index) => {
  for (const lane of stage) {
    for (const [name] of lane) {
      const result = finished.find((part) => part.name === name);
      if (!result) continue;
      const status = result.ok ? "ok  " : "FAIL";
      console.log(`  ${status} ${index + 1}. ${name.padEnd(22)} ${minutes(result.seconds).padStart(6)}   ${Math.round(result.busy * 100)}%`);
    }
  }
});
console.log(`  total (wall) ${" ".repeat(17)} ${minutes((Date.now() - started) / 1000)}`);
if (failed) {
  console.error(`\n${failed}`);
  process.exit(1);
}
