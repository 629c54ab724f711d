/** One phase of the proxy benchmark: N streamed chats sent at once, read to their end. */

const PHASE_TIMEOUT_MS = 180_000;

export type Send = (index: number, signal: AbortSignal) => Promise<Response>;

export interface Phase {
  totalMs: number;
  /** SSE events a chat received, on average. */
  eventsPerChat: number;
  firstEventP50Ms: number;
  firstEventP95Ms: number;
  failures: number;
  /** Of the benchmark's own process (client, and the upstream on its thread). */
  peakRssMb: number;
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** A Dify-protocol answer ends with message_end; an OpenAI-compatible stream with [DONE]. */
export const ENDS_WITH_MESSAGE_END = '"event":"message_end"';
export const ENDS_WITH_DONE = "data: [DONE]";

/** Sends `count` chats at once and reads each to its end: total time, first events, failures. */
export async function runPhase(count: number, send: Send, endMarker = ENDS_WITH_MESSAGE_END): Promise<Phase> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  const signal = AbortSignal.timeout(PHASE_TIMEOUT_MS);
  const firstEvents: number[] = [];
  let failures = 0;
  let events = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const t0 = performance.now();
      try {
        const response = await send(index, signal);
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let seenData = false;
        let text = "";
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          if (!seenData && text.includes("data: ")) {
            seenData = true;
            firstEvents.push(performance.now() - t0);
          }
        }
        if (!text.includes(endMarker)) failures += 1;
        events += text.split("data: ").length - 1;
      } catch {
        failures += 1;
      }
    }),
  );
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  return {
    totalMs,
    eventsPerChat: events / count,
    firstEventP50Ms: percentile(firstEvents, 0.5),
    firstEventP95Ms: percentile(firstEvents, 0.95),
    failures,
    peakRssMb: Math.max(peakRss, process.memoryUsage().rss) / 1024 / 1024,
  };
}

export function formatPhase(name: string, phase: Phase): string {
  return `${name.padEnd(9)} total ${phase.totalMs.toFixed(0).padStart(6)} ms   first event p50 ${phase.firstEventP50Ms.toFixed(1).padStart(6)} ms  p95 ${phase.firstEventP95Ms.toFixed(1).padStart(6)} ms   failures ${phase.failures}   peak RSS ${phase.peakRssMb.toFixed(0)} MB`;
}
