"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { messageOf, statusOf, stopTask, streamDify } from "@/features/ai-runtime";
import { applyWorkflowEvent, idleRun, settleRun, startedRun, type WorkflowRunState } from "./workflow-run";

const STOP_GRACE_MS = 2500;

/** Runs the workflow with streaming, following its nodes; 停止 and 再次运行. */
export function useWorkflowRun(appid: string) {
  const [state, setState] = useState<WorkflowRunState>(idleRun);
  const active = useRef<{ controller: AbortController; taskId?: string; stopRequested: boolean } | null>(null);

  useEffect(() => () => active.current?.controller.abort(), []);

  const run = useCallback(
    async (inputs: Record<string, unknown>) => {
      if (active.current) return;
      const current = { controller: new AbortController(), taskId: undefined as string | undefined, stopRequested: false };
      active.current = current;
      setState(startedRun(Date.now()));
      try {
        const outcome = await streamDify(
          difyProxyUrl("workflows/run", appid),
          { inputs, response_mode: "streaming" },
          {
            signal: current.controller.signal,
            onEvent: (event) => {
              if (typeof event.task_id === "string") current.taskId = event.task_id;
              setState((previous) => applyWorkflowEvent(previous, event, Date.now()));
            },
          },
        );
        setState((previous) => settleRun(previous, current.stopRequested || outcome === "aborted" ? "stopped" : "closed", Date.now()));
      } catch (error) {
        setState((previous) => ({
          ...settleRun(previous, "closed", Date.now()),
          status: "error",
          error: { message: messageOf(error), statusCode: statusOf(error) },
        }));
      } finally {
        if (active.current === current) active.current = null;
      }
    },
    [appid],
  );

  const stop = useCallback(() => {
    const current = active.current;
    if (!current || current.stopRequested) return;
    current.stopRequested = true;
    if (!current.taskId) {
      current.controller.abort();
      return;
    }
    stopTask(appid, `workflows/tasks/${encodeURIComponent(current.taskId)}/stop`).catch(() => current.controller.abort());
    setTimeout(() => current.controller.abort(), STOP_GRACE_MS);
  }, [appid]);

  return { state, run, stop };
}
