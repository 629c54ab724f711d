export type LoadResult = { requests: number; seconds: number; perSecond: number; p50Ms: number; p95Ms: number };

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * Sends `requests` requests (bounded in count) with `concurrency` in flight, reading every body.
 * Meant for loopback servers the benchmark started itself.
 */
export async function measureLoad(
  send: () => Promise<Response>,
  { requests = 400, concurrency = 8 }: { requests?: number; concurrency?: number } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < requests) {
      issued += 1;
      const t0 = performance.now();
      const response = await send();
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
  };
}

export function formatLoad(name: string, result: LoadResult): string {
  return `${name.padEnd(34)} ${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50Ms.toFixed(1).padStart(6)} ms   p95 ${result.p95Ms.toFixed(1).padStart(6)} ms`;
}
