import { getDifyProxy, type DifyProxy } from "@/features/ai-apps/server";
import { admitGenerationCall } from "./ai-call-reservations";

/**
 * The process's AI proxy with the plan's quota check. The first caller of `getDifyProxy` builds the
 * one proxy of the process, so every route takes it from here: none can build it without the check.
 */
export function getQuotaCheckedProxy(): DifyProxy {
  return getDifyProxy({ beforeForward: admitGenerationCall });
}
