import { getDatabase } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { createDifyProxy, type DifyProxy, type DifyProxyOptions } from "./handler";

export { createDifyProxy, type BeforeForwardInput, type DifyProxy, type DifyProxyContext, type DifyProxyOptions, type ProxyTimeouts } from "./handler";

// One proxy per process: its task-ownership map must see every stream this process relays.
const PROXY_KEY = Symbol.for("sparkai.difyProxy");

/**
 * The process's proxy behind `/api/ai/dify/[...path]` (see handler.ts), created on first use with
 * the app's database and the given hooks (the route passes the quota check).
 */
export function getDifyProxy(options: Pick<DifyProxyOptions, "beforeForward"> = {}): DifyProxy {
  const holder = globalThis as typeof globalThis & { [PROXY_KEY]?: DifyProxy };
  return (holder[PROXY_KEY] ??= createDifyProxy({ database: getDatabase, demoPaceMs: getEnv().DIFY_DEMO_PACE_MS, ...options }));
}
