"use client";

import { Play, RotateCcw, Square } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import type { PublicAiApp } from "@/features/ai-apps";
import {
  AppParametersGate,
  AppTitle,
  formatSeconds,
  initialValues,
  InputFormFields,
  Markdown,
  NodeProgress,
  normalizeInputForm,
  RequestError,
  toInputs,
  validateInputs,
  type DifyParameters,
  type FormErrors,
  type FormValues,
} from "@/features/ai-runtime";
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
  const fields = useMemo(() => normalizeInputForm(parameters.user_input_form), [parameters.user_input_form]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<FormErrors>({});
  const [lastInputs, setLastInputs] = useState<Record<string, unknown> | null>(null);
  const { state, run, stop } = useWorkflowRun(app.appid);
  const running = state.status === "running";

  function submit() {
    const found = validateInputs(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const inputs = toInputs(fields, values);
    setLastInputs(inputs);
    void run(inputs);
  }

  const finished = state.status !== "idle" && !running;
  const showLiveText = state.text && (running || !state.outputs || Object.keys(state.outputs).length === 0);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="workflow-form-title" className="h-fit space-y-5 rounded-2xl border bg-card p-4 sm:p-5 lg:sticky lg:top-4">
        <AppTitle app={app} showDescription />
        <h2 id="workflow-form-title" className="sr-only">
          输入
        </h2>
        <form
          className="space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!running) submit();
          }}
        >
          <InputFormFields
            appid={app.appid}
            system={parameters.system_parameters}
            fields={fields}
            values={values}
            errors={errors}
            disabled={running}
            onChange={(variable, value) => {
              setValues((current) => ({ ...current, [variable]: value }));
              setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== variable)));
            }}
          />
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
        </form>
      </section>

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
