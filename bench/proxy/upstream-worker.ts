import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createDemoDifyServer } from "@/embedded/dify";
import { createDemoModelProvider } from "@/embedded/model-provider";
import { openDatabase } from "@/lib/db/open";

/**
 * The upstream of the proxy benchmark on its own thread (own event loop, own in-memory database),
 * like a real Dify or model provider in another process: the demo Dify server, or with workerData
 * `mode: "model"` the demo OpenAI-compatible provider. Posts its base URL, stops on "stop".
 */
const { mode, chunkChars } = workerData as { mode: "dify" | "model"; chunkChars: number };

async function main() {
  const handle = await openDatabase({ kind: "pglite" });
  const upstream = mode === "model" ? createDemoModelProvider({ paceMs: 30 }) : createDemoDifyServer({ db: handle.db, paceMs: 30, chunkChars });
  const app = new Hono().route("/v1", upstream);
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  parentPort?.postMessage({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
  parentPort?.once("message", () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close(() => void handle.close().then(() => process.exit(0)));
  });
}

void main();
