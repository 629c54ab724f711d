import type { Handler } from "./hardened-server.mjs";

/** Types of fast-lane-server.mjs. */
export function withFastLane(nextHandler: Handler): Handler;
