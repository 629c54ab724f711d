#!/usr/bin/env node
/**
 * Adds lock entries for native optional packages of other platforms that the registry this project
 * is installed from does not carry (e.g. @next/swc-darwin-arm64). npm leaves them out of the lock
 * when it cannot resolve them, and `npm ci` then refuses the lock as out of sync. The entries carry
 * `os` / `cpu` read from the package name, so npm skips them on every machine they do not fit and
 * never tries to download them here. Run after `npm install` changes the lock:
 *   node scripts/complete-lockfile.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "openharmony", "win32", "sunos", "netbsd", "openbsd", "aix"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32"];

/** os / cpu / libc from names such as `oxide-linux-arm-gnueabihf`, `swc-win32-x64-msvc`, `binding-wasm32-wasi`. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  let cpu = parts.find((part) => CPU.includes(part));
  if (!cpu && parts.includes("arm")) cpu = "arm";
  const libc = parts.some((part) => part.startsWith("musl")) ? "musl" : parts.some((part) => part.startsWith("gnu")) ? "glibc" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${dependency}` : `node_modules/${dependency}`;
    if (packages[base] || packages[`node_modules/${dependency}`]) continue;
    const { os, cpu, libc } = platformOf(dependency);
    if (!cpu) continue; // not a platform binary: leave it to npm
    packages[`node_modules/${dependency}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} entr${added === 1 ? "y" : "ies"}`);
