"use client";

import { CheckCircle2, ChevronDown, Loader2, MinusCircle, Workflow, XCircle } from "lucide-react";
import { NodeProgress } from "@/features/ai-runtime";
import { cn } from "@/lib/utils";
import { workflowProgressLabel } from "../chat-workflow";
import type { ChatWorkflow } from "../types";

function RunIcon({ status }: { status: ChatWorkflow["status"] }) {
  if (status === "running") return <Loader2 aria-hidden className="size-3.5 animate-spin text-primary" />;
  if (status === "succeeded") return <CheckCircle2 aria-hidden className="size-3.5 text-success" />;
  if (status === "failed") return <XCircle aria-hidden className="size-3.5 text-destructive" />;
  return <MinusCircle aria-hidden className="size-3.5" />;
}

/**
 * A chatflow answer's workflow, folded to one line (native disclosure, keyboard accessible); open, the
 * nodes as the workflow page lists them. Titles and errors come from the app and render as text.
 */
export function WorkflowProgress({ workflow }: { workflow: ChatWorkflow }) {
  return (
    <details
      className={cn("group rounded-lg border-l-2 bg-muted/40 px-3 py-2 text-sm text-muted-foreground", workflow.status === "failed" && "border-destructive/60")}
      data-testid="workflow-progress"
      data-status={workflow.status}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 select-none focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <Workflow aria-hidden className="size-3.5" />
        <RunIcon status={workflow.status} />
        <span className={cn(workflow.status === "failed" && "text-destructive")}>{workflowProgressLabel(workflow)}</span>
        <ChevronDown aria-hidden className="size-3.5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-2 space-y-2">
        <NodeProgress nodes={workflow.nodes} />
        {workflow.status === "failed" && workflow.error && !workflow.nodes.some((node) => node.error) && (
          <p className="text-xs break-words text-destructive" data-user-content>
            {`失败原因：${workflow.error}`}
          </p>
        )}
      </div>
    </details>
  );
}
