"use client";

import { CheckCircle2, CircleDashed, Loader2, MinusCircle, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";
import { nodeTypeLabel } from "../node-type-labels";
import type { NodeRun, NodeStatus } from "../workflow-nodes";

export const NODE_STATUS_LABEL: Record<NodeStatus, string> = {
  running: "运行中",
  succeeded: "成功",
  failed: "失败",
  stopped: "已停止",
  exception: "异常",
  paused: "已暂停",
};

function StatusIcon({ status }: { status: NodeStatus }) {
  if (status === "running") return <Loader2 aria-hidden className="size-4 animate-spin text-primary" />;
  if (status === "succeeded") return <CheckCircle2 aria-hidden className="size-4 text-success" />;
  if (status === "failed" || status === "exception") return <XCircle aria-hidden className="size-4 text-destructive" />;
  if (status === "stopped") return <MinusCircle aria-hidden className="size-4 text-muted-foreground" />;
  return <CircleDashed aria-hidden className="size-4 text-muted-foreground" />;
}

function NodeTypeBadge({ type, title }: { type: string; title: string }) {
  const label = nodeTypeLabel(type, title);
  return label ? <span className="hidden rounded bg-muted px-1.5 text-xs text-muted-foreground sm:inline">{label}</span> : null;
}

export function formatSeconds(seconds: number): string {
  return seconds < 10 ? `${seconds.toFixed(2)} 秒` : `${seconds.toFixed(1)} 秒`;
}

/** A clock that ticks while something runs (for live node timers). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The run's nodes in order, each with its status and time (live while it runs). */
export function NodeProgress({ nodes }: { nodes: NodeRun[] }) {
  const now = useNow(nodes.some((node) => node.status === "running"));
  if (nodes.length === 0) return null;
  return (
    <ol className="space-y-1.5" aria-label="节点进度">
      {nodes.map((node) => {
        const seconds = node.elapsed ?? (node.status === "running" ? Math.max(0, now - node.startedAt) / 1000 : undefined);
        return (
          <li
            key={node.id}
            data-testid="workflow-node"
            data-status={node.status}
            className={cn("flex items-start gap-2.5 rounded-lg border bg-card px-3 py-2 text-sm", node.status === "failed" && "border-destructive/40")}
          >
            <span className="mt-0.5">
              <StatusIcon status={node.status} />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <span className="truncate font-medium">{node.title}</span>
                <span className="sr-only">{NODE_STATUS_LABEL[node.status]}</span>
                <NodeTypeBadge type={node.type} title={node.title} />
                <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">{seconds !== undefined ? formatSeconds(seconds) : ""}</span>
              </div>
              {node.error && <p className="mt-1 text-xs break-words text-destructive">{node.error}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
