import type { Context } from "hono";
import type { Database } from "@/lib/db/types";
import type { DemoApp } from "./demo-apps";
import { difyError } from "./errors";
import type { SseTiming, StopFlags } from "./sse";
import type { Owner } from "./store";

export interface DemoDeps {
  db: Database;
  timing: SseTiming;
  /** Length of the idle gap the `#慢速` trigger makes. */
  slowGapMs: number;
  /** Characters of the answer per `message` event. */
  chunkChars: number;
  flags: StopFlags;
}

export type DemoEnv = { Variables: { app: DemoApp } };
export type DemoContext = Context<DemoEnv>;

type JsonObject = Record<string, unknown>;

/** Reads a JSON object body; Dify answers 400 invalid_param for an empty or invalid one. */
export async function readJsonBody(c: DemoContext): Promise<JsonObject | Response> {
  try {
    const body: unknown = await c.req.json();
    if (body && typeof body === "object" && !Array.isArray(body)) return body as JsonObject;
  } catch {
    // fall through
  }
  return difyError(c, 400, "invalid_param", "Invalid JSON payload received or JSON payload is empty.");
}

/** `user` for endpoints that require it (reference §2). */
export function requiredOwner(c: DemoContext, user: unknown): Owner | Response {
  if (typeof user !== "string" || user.trim() === "") return difyError(c, 400, "invalid_param", "Arg user must be provided.");
  return { appId: c.get("app").id, user };
}

/** `user` for endpoints where Dify falls back to the shared DEFAULT-USER. */
export function optionalOwner(c: DemoContext, user: unknown): Owner {
  return { appId: c.get("app").id, user: typeof user === "string" && user !== "" ? user : "DEFAULT-USER" };
}

export function requireMode(c: DemoContext, mode: DemoApp["mode"]): Response | undefined {
  const app = c.get("app");
  if (app.mode === mode) return undefined;
  if (mode === "chat") return difyError(c, 400, "not_chat_app", "Please check if your Chat app mode matches the right API route.");
  if (mode === "workflow") return difyError(c, 400, "not_workflow_app", "Please check if your Workflow app mode matches the right API route.");
  return difyError(c, 400, "app_unavailable", "App unavailable, please check your app configurations.");
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
