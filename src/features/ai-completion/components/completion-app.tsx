"use client";

import { RotateCcw, Sparkles, Square } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { PublicAiApp } from "@/features/ai-apps";
import { AiContentLabel, withAiLabel } from "@/features/compliance";
import { AppInputPanel, AppParametersGate, CopyButton, FeedbackButtons, Markdown, RequestError, type DifyParameters } from "@/features/ai-runtime";
import { useCompletionRun } from "../use-completion-run";

/** The text generation page: input form, streamed markdown, 停止, 复制, 赞 / 踩. */
export function CompletionApp({ app }: { app: PublicAiApp }) {
  return <AppParametersGate appid={app.appid}>{(parameters) => <CompletionWorkspace app={app} parameters={parameters} />}</AppParametersGate>;
}

function CompletionWorkspace({ app, parameters }: { app: PublicAiApp; parameters: DifyParameters }) {
  const [lastInputs, setLastInputs] = useState<Record<string, unknown> | null>(null);
  const { state, generate, stop, rate } = useCompletionRun(app.appid);
  const streaming = state.status === "streaming";

  function submit(inputs: Record<string, unknown>) {
    setLastInputs(inputs);
    void generate(inputs);
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <AppInputPanel
        app={app}
        parameters={parameters}
        titleId="completion-form-title"
        busy={streaming}
        onSubmit={submit}
        actions={
          streaming ? (
            <Button type="button" variant="outline" className="w-full" onClick={stop}>
              <Square aria-hidden className="fill-current" />
              停止
            </Button>
          ) : (
            <Button type="submit" className="w-full">
              <Sparkles aria-hidden />
              生成
            </Button>
          )
        }
      />

      <section aria-labelledby="completion-result-title" className="min-w-0 space-y-3">
        <div className="flex items-center gap-2">
          <h2 id="completion-result-title" className="text-base font-semibold">
            生成结果
          </h2>
          {state.status === "stopped" && <span className="text-sm text-muted-foreground">已停止生成</span>}
        </div>
        {state.status === "idle" ? (
          <p className="rounded-2xl border border-dashed px-4 py-12 text-center text-sm text-muted-foreground">填写写作要求，然后点击「生成」</p>
        ) : (
          <div className="space-y-3 rounded-2xl border bg-card p-4 sm:p-5">
            <div data-testid="completion-output" data-status={state.status} aria-live={streaming ? "polite" : undefined} aria-busy={streaming}>
              {state.text ? (
                <Markdown source={state.text} />
              ) : streaming ? (
                <p role="status" className="text-sm text-muted-foreground">
                  正在生成…
                </p>
              ) : null}
            </div>
            {state.text && <AiContentLabel />}
            {state.status === "error" && state.error && <RequestError message={state.error.message} statusCode={state.error.statusCode} onRetry={lastInputs ? () => void generate(lastInputs) : undefined} />}
            {!streaming && state.text && (
              <div className="-ml-1.5 flex items-center gap-0.5 border-t pt-2 text-muted-foreground">
                <CopyButton label="复制" showLabel getText={() => withAiLabel(state.text)} />
                {state.messageId && <FeedbackButtons rating={state.feedback} onRate={(rating, content) => void rate(rating, content)} />}
                {lastInputs && (
                  <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={() => void generate(lastInputs)}>
                    <RotateCcw aria-hidden />
                    重新生成
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
