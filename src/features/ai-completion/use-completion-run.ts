"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { messageOf, sendFeedback, statusOf, stopTask, streamDify, type Rating } from "@/features/ai-runtime";
import { toast } from "@/lib/toast";
import { applyCompletionEvent, idleCompletion, settleCompletion, type CompletionState } from "./completion-run";

const STOP_GRACE_MS = 2500;

/** One streamed generation at a time: 生成, 停止, 赞/踩. */
export function useCompletionRun(appid: string) {
  const [state, setState] = useState<CompletionState>(idleCompletion);
  const active = useRef<{ controller: AbortController; taskId?: string; stopRequested: boolean } | null>(null);

  useEffect(() => () => active.current?.controller.abort(), []);

  const generate = useCallback(
    async (inputs: Record<string, unknown>) => {
      if (active.current) return;
      const current = { controller: new AbortController(), taskId: undefined as string | undefined, stopRequested: false };
      active.current = current;
      let sawEnd = false;
      setState({ ...idleCompletion, status: "streaming" });
      try {
        const outcome = await streamDify(
          difyProxyUrl("completion-messages", appid),
          { inputs, response_mode: "streaming" },
          {
            signal: current.controller.signal,
            onEvent: (event) => {
              if (typeof event.task_id === "string") current.taskId = event.task_id;
              if (event.event === "message_end") sawEnd = true;
              setState((previous) => applyCompletionEvent(previous, event));
            },
          },
        );
        setState((previous) => settleCompletion(previous, current.stopRequested || outcome === "aborted" ? "stopped" : "closed", sawEnd));
      } catch (error) {
        setState((previous) => ({ ...previous, status: "error", error: { message: messageOf(error), statusCode: statusOf(error) } }));
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
    stopTask(appid, `completion-messages/${encodeURIComponent(current.taskId)}/stop`).catch(() => current.controller.abort());
    setTimeout(() => current.controller.abort(), STOP_GRACE_MS);
  }, [appid]);

  const rate = useCallback(
    async (rating: Rating) => {
      const messageId = state.messageId;
      if (!messageId) return;
      const previous = state.feedback;
      setState((current) => ({ ...current, feedback: rating }));
      try {
        await sendFeedback(appid, messageId, rating);
      } catch (error) {
        setState((current) => ({ ...current, feedback: previous }));
        toast({ variant: "destructive", title: "反馈失败", description: messageOf(error) });
      }
    },
    [appid, state.feedback, state.messageId],
  );

  return { state, generate, stop, rate };
}
