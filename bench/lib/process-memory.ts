import { readFileSync } from "node:fs";

/** Resident memory of a process now, in MB, from /proc (Linux only); 0 once it is gone. */
export function processRssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every `everyMs` until `stop()`, which answers the peak (MB). */
export function samplePeakRss(pid: number, everyMs = 50): { stop: () => number } {
  let peak = processRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, processRssMb(pid))), everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, processRssMb(pid));
    },
  };
}
