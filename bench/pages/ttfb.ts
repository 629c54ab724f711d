import { Agent, request } from "node:http";

export type TtfbUnderLoad = { requests: number; connections: number; p50Ms: number; p95Ms: number; perSecond: number };

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

/**
 * Time to first byte (request sent → status line and headers in) of `url` while `connections`
 * keep-alive connections each send one request after another, `requests` in all; every body is read.
 * node:http rather than fetch: its agent holds exactly `connections` sockets, and `response` fires on
 * the first bytes (autocannon, which measures the same, is not a dependency here).
 */
export async function ttfbUnderLoad(url: string, { connections = 50, requests = 1000 } = {}): Promise<TtfbUnderLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let issued = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const outgoing = request(url, { agent }, (response) => {
        const ttfb = performance.now() - started;
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else {
            times.push(ttfb);
            resolve();
          }
        });
        response.on("error", reject);
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  const worker = async () => {
    while (issued < requests) {
      issued += 1;
      await once();
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { requests: times.length, connections, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), perSecond: times.length / seconds };
}
