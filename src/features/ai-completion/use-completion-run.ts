"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { difyProxyUrl } from "@/features/ai-apps";
import { messageOf, newStreamTask, noteTaskId, requestStop, sendFeedback, statusOf, streamDify, type Rating, type StreamTask } from "@/features/ai-runtime";
import { toast } from "@/lib/toast";
import { applyCompletionEvent, idleCompletion, settleCompletion, type CompletionState } from "./completion-run";

/** One streamed generation at a time: 生成, 停止, 赞/踩. */
export function useCompletionRun(appid: string) {
  const [state, setState] = useState<CompletionState>(idleCompletion);
  const active = useRef<StreamTask | null>(null);

  useEffect(() => () => active.current?.controller.abort(), []);

  const generate = useCallback(
    async (inputs: Record<string, unknown>) => {
      if (active.current) return;
      const current = newStreamTask();
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
              noteTaskId(current, event);
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
    if (active.current) requestStop(appid, active.current, "completion-messages");
  }, [appid]);

  const rate = useCallback(
    async (rating: Rating, content?: string) => {
      const messageId = state.messageId;
      if (!messageId) return;
      const previous = state.feedback;
      setState((current) => ({ ...current, feedback: rating }));
      try {
        await sendFeedback(appid, messageId, rating, content);
      } catch (error) {
        setState((current) => ({ ...current, feedback: previous }));
        toast({ variant: "destructive", title: "反馈失败", description: messageOf(error) });
      }
    },
    [appid, state.feedback, state.messageId],
  );

  return { state, generate, stop, rate };
}
