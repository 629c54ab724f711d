import "server-only";
import { createDifyProxy, type BeforeForwardInput, type DifyProxy } from "@/features/ai-apps/server";
import { refuseWithoutVerifiedPhone } from "@/features/compliance/server";
import { getProxyModeration } from "@/features/content-safety/server";
import { admitGenerationCall } from "@/features/metering/server";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { measuredProxy, noteGenerationCall } from "./call-metrics";

/**
 * The process's AI proxy (ai-apps) wired with content safety and metering's admission (quota and concurrent calls): the
 * only place it is built, so no caller — a route, the fast lane, `/v1`, the console's 连接测试 —
 * can get one without the check, whichever comes first. Start-up builds it (src/server/startup.ts).
 */
export function getAiProxy(): DifyProxy {
  // One proxy per process: its task-ownership map must see every stream this process relays.
  // Measured here (call-metrics.ts), around the one proxy every caller gets.
  return processSingleton("sparkai.difyProxy", () =>
    measuredProxy(createDifyProxy({ database: getDatabase, demoPaceMs: getEnv().DIFY_DEMO_PACE_MS, beforeForward: admitCall, moderation: getProxyModeration() })),
  );
}

/** Admission: the real-name step (a verified phone, when the operator requires it), then quota. */
async function admitCall(input: BeforeForwardInput) {
  noteGenerationCall(input);
  return (await refuseWithoutVerifiedPhone(input)) ?? admitGenerationCall(input);
}
