import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Balancer {
  url: string;
  /** The backends (indexes into the ports given) now in rotation. */
  readyBackends(): number[];
  /** How many refused connections were resent to another backend. */
  retries(): number;
  close(): Promise<void>;
}

export interface BalancerOptions {
  /**
   * A readiness path (`/api/health/ready`) checked on every backend every `checkIntervalMs`: only
   * backends that answered it 200 last time get requests, as a cloud load balancer's (or nginx Plus's
   * `health_check`) health check does. Without it every backend is always in rotation.
   */
  readinessPath?: string;
  checkIntervalMs?: number;
}

/**
 * A small reverse proxy that sends each request to the next backend in turn, as nginx's default
 * upstream does, and like nginx (see docs/deployment.md) appends the peer it saw to X-Forwarded-For.
 * A refused connection (a process that stopped listening: draining, or not started yet) is retried
 * on the next backend, as nginx's `proxy_next_upstream error` does — nothing reached the backend, so
 * even a POST is safe to resend; any other failure is a 502. Answers stream back as they come, so an
 * SSE answer reaches the client event by event, and carry `X-Backend` (the backend's index) so a test
 * can see where a request went. One connection per request (nginx without upstream `keepalive`).
 */
export async function startRoundRobinBalancer(backendPorts: number[], options: BalancerOptions = {}): Promise<Balancer> {
  const all = backendPorts.map((_, index) => index);
  let ready = new Set(all);
  let next = 0;
  let retries = 0;
  const checker = options.readinessPath ? startReadinessChecks(backendPorts, options.readinessPath, options.checkIntervalMs ?? 250, (found) => (ready = found)) : undefined;
  if (checker) ready = await checker.first;

  /** The next backend in turn among those in rotation and not yet tried for this request. */
  const pick = (tried: Set<number>) => {
    const candidates = all.filter((index) => ready.has(index) && !tried.has(index));
    return candidates.length === 0 ? undefined : candidates[next++ % candidates.length];
  };

  const server = http.createServer(async (request, response) => {
    // Read whole first (the tests' bodies are small), so that a refused attempt can be resent.
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", ");
    const headers = { ...request.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http", "x-forwarded-host": request.headers.host };
    const tried = new Set<number>();
    const attempt = () => {
      const index = pick(tried);
      if (index === undefined) return void response.writeHead(502).end();
      tried.add(index);
      const upstream = http.request({ host: "127.0.0.1", port: backendPorts[index], method: request.method, path: request.url, headers, agent: false }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": String(index) });
        response.flushHeaders();
        answer.pipe(response);
        // Cut off mid-answer (the backend closed the connection): cut the client off too, as nginx does.
        answer.once("close", () => {
          if (!answer.complete) response.destroy();
        });
      });
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && !response.headersSent) {
          retries += 1;
          attempt();
        }
        else if (!response.headersSent) response.writeHead(502).end();
        else response.destroy();
      });
      response.once("close", () => upstream.destroy());
      upstream.end(body);
    };
    attempt();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    readyBackends: () => all.filter((index) => ready.has(index)),
    retries: () => retries,
    close: () =>
      new Promise((resolve) => {
        checker?.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Checks every backend's readiness path in rounds; `first` resolves with the first round's answer. */
function startReadinessChecks(ports: number[], path: string, intervalMs: number, onRound: (ready: Set<number>) => void) {
  const isReady = (port: number) =>
    new Promise<boolean>((resolve) => {
      const check = http.get({ host: "127.0.0.1", port, path, agent: false, timeout: 2_000 }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      });
      check.on("timeout", () => check.destroy());
      check.on("error", () => resolve(false));
    });
  const round = async () => {
    const answers = await Promise.all(ports.map(isReady));
    const ready = new Set(answers.flatMap((ok, index) => (ok ? [index] : [])));
    onRound(ready);
    return ready;
  };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = async () => {
    await round();
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
  };
  const first = round().then((ready) => {
    if (!stopped) timer = setTimeout(() => void loop(), intervalMs);
    return ready;
  });
  return {
    first,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
