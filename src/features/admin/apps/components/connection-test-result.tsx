import { cn } from "@/lib/utils";
import { appsCopy as copy } from "../copy";
import type { ConnectionTestResult } from "../types";

/** The answer of 连接测试: what was found and how long it took, or the reason in Chinese. */
export function ConnectionTestResultLine({ result }: { result: ConnectionTestResult }) {
  return (
    <p role="status" className={cn("text-sm break-words", result.ok ? "text-emerald-700 dark:text-emerald-400" : "text-destructive")}>
      {result.ok ? copy.testOk(result.summary, result.latencyMs) : copy.testFailed(result.message, result.latencyMs)}
    </p>
  );
}
