import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { TrustedProxies } from "./client-address.mjs";
import type { RequestLimits } from "./request-limits.mjs";

/** Types of hardened-server.mjs. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
export function applyClientAddress(req: IncomingMessage, trust: TrustedProxies): string | undefined;
export function applyBodyLimits(req: IncomingMessage, res: ServerResponse, limits: RequestLimits): boolean;
export function createHardenedServer(options: {
  handler: Handler;
  trust: TrustedProxies;
  keepAliveTimeoutMs?: number;
  limits?: Partial<RequestLimits>;
}): Server;
