import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

/** Who holds a lock: enough to tell later whether that very process still runs. */
export interface LockOwner {
  pid: number;
  /** The process's start time as the OS reports it; a reused pid has another. Null where unknown. */
  started: string | null;
  /** Linux's boot id: after a reboot every old pid is gone, even if reused with the same start tick. */
  boot: string | null;
  host: string;
}

export function lockOwnerOf(pid: number): LockOwner {
  return { pid, started: processStartTime(pid), boot: bootId(), host: os.hostname() };
}

/**
 * Whether the process named by `owner` has ended: a different boot, a pid not alive, or a pid now
 * belonging to a process started at another time. A lock from another host cannot be checked from
 * here and counts as held.
 */
export function isLockOwnerGone(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return false;
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return true;
  if (!isAlive(owner.pid)) return true;
  const started = processStartTime(owner.pid);
  return owner.started !== null && started !== null && owner.started !== started;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Linux: field 22 of /proc/<pid>/stat (clock ticks since boot); elsewhere `ps -o lstart=`. */
export function processStartTime(pid: number): string | null {
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
    } catch {
      return null;
    }
  }
  if (process.platform === "win32") return null;
  try {
    return execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    return null;
  }
}

let boot: string | null | undefined;
function bootId(): string | null {
  if (boot === undefined) {
    try {
      boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    } catch {
      boot = null;
    }
  }
  return boot;
}
