import { Wrench } from "lucide-react";
import type { AgentStep, AgentToolUse } from "../types";

function ToolUse({ tool, running }: { tool: AgentToolUse; running: boolean }) {
  return (
    <div className="space-y-1.5 rounded-md border bg-background/60 p-2" data-testid="agent-tool">
      <p className="inline-flex items-center gap-1.5 font-medium text-foreground">
        <Wrench aria-hidden className="size-3.5" />
        使用工具：
        {tool.label === tool.name ? (
          <code translate="no" className="rounded bg-muted px-1 py-0.5 text-[0.9em]">
            {tool.name}
          </code>
        ) : (
          <span data-user-content>{tool.label}</span>
        )}
      </p>
      <div>
        <p className="text-xs">输入</p>
        <pre className="mt-0.5 max-h-48 overflow-auto rounded bg-muted/60 p-2 text-xs whitespace-pre-wrap break-words" data-testid="agent-tool-input">
          <code>{tool.input || "（无）"}</code>
        </pre>
      </div>
      <div>
        <p className="text-xs">结果</p>
        {tool.observation ? (
          <pre className="mt-0.5 max-h-48 overflow-auto rounded bg-muted/60 p-2 text-xs whitespace-pre-wrap break-words" data-testid="agent-tool-observation">
            <code>{tool.observation}</code>
          </pre>
        ) : (
          <p className="mt-0.5 text-xs">{running ? "等待工具返回…" : "（没有返回内容）"}</p>
        )}
      </div>
    </div>
  );
}

/**
 * An agent's thinking and tool rounds, folded like the 思考过程 block: each step's thought, the tools
 * it used with their input and result. Everything is shown as text, never as markup.
 */
export function AgentSteps({ steps, streaming }: { steps: AgentStep[]; streaming: boolean }) {
  if (steps.length === 0) return null;
  return (
    <details className="rounded-lg border-l-2 bg-muted/40 px-3 py-2 text-sm text-muted-foreground" data-testid="agent-steps">
      <summary className="cursor-pointer select-none">
        {`思考与工具调用 · ${steps.length} 步`}
        {streaming && <span className="ml-1.5 text-xs">（进行中）</span>}
      </summary>
      <ol className="mt-2 space-y-3" aria-label="思考与工具调用步骤">
        {steps.map((step, index) => (
          <li key={step.id} className="space-y-1.5" data-testid="agent-step">
            <p className="text-xs font-medium">第 {index + 1} 步</p>
            {step.thought && (
              <p className="whitespace-pre-wrap break-words" data-user-content>
                {step.thought}
              </p>
            )}
            {step.tools.map((tool) => (
              <ToolUse key={tool.name} tool={tool} running={streaming} />
            ))}
          </li>
        ))}
      </ol>
    </details>
  );
}
