import { Hono } from "hono";
import type { Database } from "@/lib/db/types";
import type { DemoEnv } from "./context";
import { audioRoutes } from "./audio";
import { findDemoAppByKey } from "./demo-apps";
import { difyError } from "./errors";
import { generateRoutes } from "./routes-generate";
import { dataRoutes } from "./routes-data";
import { StopFlags } from "./sse";

export { DEMO_AGENT_KEY, DEMO_CHAT_KEY, DEMO_CHATFLOW_KEY, DEMO_COMPLETION_KEY, DEMO_WORKFLOW_KEY, demoApps, type DemoApp, type DemoAppMode } from "./demo-apps";
export { TRIGGERS } from "./triggers";
export { DEMO_BAD_ANSWER_MARKER, DEMO_UNSAFE_WORD } from "./unsafe-answer";
export { DEMO_TRANSCRIPT } from "./audio";

export interface DemoDifyServerOptions {
  db: Database;
  /** Delay between streamed chunks (default 30 ms). */
  paceMs?: number;
  /** Idle time before a `ping` (Dify: 10 s). */
  pingIntervalMs?: number;
  /** Length of the `#慢速` idle gap (default 25 s: long enough for two pings). */
  slowGapMs?: number;
  /** Characters of the answer per streamed `message` event (default 12; benches set fewer for longer streams). */
  chunkChars?: number;
}

/**
 * A Dify Service API-compatible server for the demo apps. Routes are relative to `/v1`
 * (mount it there, or call `app.fetch` with `/chat-messages` etc.). See README.md.
 */
export function createDemoDifyServer(options: DemoDifyServerOptions): Hono {
  const deps = {
    db: options.db,
    timing: { paceMs: options.paceMs ?? 30, pingIntervalMs: options.pingIntervalMs ?? 10_000 },
    slowGapMs: options.slowGapMs ?? 25_000,
    chunkChars: options.chunkChars ?? 12,
    flags: new StopFlags(),
  };
  const app = new Hono<DemoEnv>();

  app.use("*", async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const [scheme, key] = header.split(" ");
    if (!scheme || !key) return difyError(c, 401, "unauthorized", "Authorization header must be provided and start with 'Bearer'");
    if (scheme.toLowerCase() !== "bearer") return difyError(c, 401, "unauthorized", "Authorization scheme must be 'Bearer'");
    const demoApp = findDemoAppByKey(key);
    if (!demoApp) return difyError(c, 401, "unauthorized", "Access token is invalid");
    c.set("app", demoApp);
    await next();
  });

  app.route("/", dataRoutes(deps));
  app.route("/", generateRoutes(deps));
  app.route("/", audioRoutes(deps));
  app.notFound((c) => difyError(c, 404, "not_found", "The requested URL was not found on the server."));
  app.onError((error, c) => {
    console.error("[embedded dify]", error);
    return difyError(c, 500, "internal_server_error", "The server encountered an internal error and was unable to complete your request.");
  });
  return app as unknown as Hono;
}
