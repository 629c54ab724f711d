"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { messageOf, newStreamTask, noteTaskId, requestStop, statusOf, streamDify, type StreamTask } from "@/features/ai-runtime";
import { applyWorkflowEvent, idleRun, settleRun, startedRun, type WorkflowRunState } from "./workflow-run";

/** Runs the workflow with streaming, following its nodes; 停止 and 再次运行. */
export function useWorkflowRun(appid: string) {
  const [state, setState] = useState<WorkflowRunState>(idleRun);
  const active = useRef<StreamTask | null>(null);

  useEffect(() => () => active.current?.controller.abort(), []);

  const run = useCallback(
    async (inputs: Record<string, unknown>) => {
      if (active.current) return;
      const current = newStreamTask();
      active.current = current;
      setState(startedRun(Date.now()));
      try {
        const outcome = await streamDify(
          difyProxyUrl("workflows/run", appid),
          { inputs, response_mode: "streaming" },
          {
            signal: current.controller.signal,
            onEvent: (event) => {
              noteTaskId(current, event);
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
    if (active.current) requestStop(appid, active.current, "workflows/tasks");
  }, [appid]);

  return { state, run, stop };
}
