import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { openDatabase } from "@/lib/db/open";
import type { Database } from "@/lib/db/types";
import { demoRegistryApps, type ConfiguredApp } from "../config";
import { seedAppRegistry } from "../registry";
import { createDifyProxy, type DifyProxy } from "./handler";

export interface ServeProxyOptions {
  /** Called when the server sees a browser request go away (its signal aborts). */
  onClientGone?: (request: Request) => void;
}

/** Test/bench helper: serves a proxy over real HTTP on 127.0.0.1; `x-test-user` plays the session. */
export async function serveProxy(proxy: DifyProxy, options: ServeProxyOptions = {}): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (request: Request) => {
      const { onClientGone } = options;
      if (onClientGone) request.signal.addEventListener("abort", () => onClientGone(request), { once: true });
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\/ai\/dify\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
      return proxy.handle(request, { path, userId: request.headers.get("x-test-user") });
    },
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/ai/dify`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export type SseEvent = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- open JSON in assertions

/** Splits an SSE body into data events and counts pings. */
export function parseSse(raw: string): { events: SseEvent[]; pings: number } {
  const frames = raw.split("\n\n").filter((frame) => frame.trim() !== "");
  return {
    pings: frames.filter((frame) => frame.trim() === "event: ping").length,
    events: frames.filter((frame) => frame.startsWith("data: ")).map((frame) => JSON.parse(frame.slice(6)) as SseEvent),
  };
}

export interface DemoProxyHarness {
  db: Database;
  proxy: DifyProxy;
  /** The proxy served over HTTP (`x-test-user` plays the session). */
  baseUrl: string;
  close(): Promise<void>;
}

/** A proxy in front of the embedded demo apps (or `apps`) on a fresh PGlite database, served over HTTP. */
export async function startDemoProxy({ apps = demoRegistryApps(), demoPaceMs = 1 }: { apps?: ConfiguredApp[]; demoPaceMs?: number } = {}): Promise<DemoProxyHarness> {
  const handle = await openDatabase({ kind: "pglite" });
  await seedAppRegistry(handle.db, apps);
  const proxy = createDifyProxy({ database: async () => handle.db, demoPaceMs, timeouts: { drainMs: 2000 } });
  const server = await serveProxy(proxy);
  return {
    db: handle.db,
    proxy,
    baseUrl: server.baseUrl,
    close: async () => {
      await server.close();
      await proxy.idle();
      await handle.close();
    },
  };
}
