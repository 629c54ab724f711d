"use client";

import { Play, RotateCcw, Square } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { PublicAiApp } from "@/features/ai-apps";
import { AppInputPanel, AppParametersGate, formatSeconds, Markdown, NodeProgress, RequestError, type DifyParameters } from "@/features/ai-runtime";
import { useWorkflowRun } from "../use-workflow-run";
import type { RunStatus } from "../workflow-run";
import { OutputView } from "./output-view";

const RUN_LABEL: Record<RunStatus, string> = {
  idle: "",
  running: "运行中",
  succeeded: "运行成功",
  "partial-succeeded": "部分成功",
  failed: "运行失败",
  stopped: "已停止",
  paused: "已暂停",
  error: "运行出错",
};

/** The workflow page: input form, 运行, node-by-node progress, outputs, 停止 / 再次运行. */
export function WorkflowApp({ app }: { app: PublicAiApp }) {
  return <AppParametersGate appid={app.appid}>{(parameters) => <WorkflowWorkspace app={app} parameters={parameters} />}</AppParametersGate>;
}

function WorkflowWorkspace({ app, parameters }: { app: PublicAiApp; parameters: DifyParameters }) {
  const [lastInputs, setLastInputs] = useState<Record<string, unknown> | null>(null);
  const { state, run, stop } = useWorkflowRun(app.appid);
  const running = state.status === "running";

  function submit(inputs: Record<string, unknown>) {
    setLastInputs(inputs);
    void run(inputs);
  }

  const finished = state.status !== "idle" && !running;
  const showLiveText = state.text && (running || !state.outputs || Object.keys(state.outputs).length === 0);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <AppInputPanel
        app={app}
        parameters={parameters}
        titleId="workflow-form-title"
        busy={running}
        onSubmit={submit}
        actions={
          <div className="flex gap-2">
            {running ? (
              <Button type="button" variant="outline" className="flex-1" onClick={stop}>
                <Square aria-hidden className="fill-current" />
                停止
              </Button>
            ) : (
              <Button type="submit" className="flex-1">
                <Play aria-hidden />
                运行
              </Button>
            )}
          </div>
        }
      />

      <section aria-labelledby="workflow-result-title" className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="workflow-result-title" className="text-base font-semibold">
            运行结果
          </h2>
          {state.status !== "idle" && (
            <span role="status" className="text-sm text-muted-foreground" data-testid="workflow-status" data-status={state.status}>
              {RUN_LABEL[state.status]}
              {state.elapsed !== undefined && ` · 用时 ${formatSeconds(state.elapsed)}`}
              {state.totalTokens !== undefined && state.totalTokens > 0 && ` · ${state.totalTokens} tokens`}
            </span>
          )}
          {finished && lastInputs && (
            <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => void run(lastInputs)}>
              <RotateCcw aria-hidden />
              再次运行
            </Button>
          )}
        </div>
        {state.status === "idle" ? (
          <p className="rounded-2xl border border-dashed px-4 py-12 text-center text-sm text-muted-foreground">填写输入项，然后点击「运行」</p>
        ) : (
          <>
            <NodeProgress nodes={state.nodes} />
            {state.error && <RequestError message={state.error.message} statusCode={state.error.statusCode} onRetry={lastInputs ? () => void run(lastInputs) : undefined} />}
            {showLiveText && (
              <div className="rounded-xl border bg-card p-4" aria-live="polite" data-testid="workflow-live-text">
                <Markdown source={state.text} />
              </div>
            )}
            {finished && state.outputs && Object.keys(state.outputs).length > 0 && <OutputView outputs={state.outputs} />}
          </>
        )}
      </section>
    </div>
  );
}
