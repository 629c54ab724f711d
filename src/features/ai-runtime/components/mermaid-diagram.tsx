"use client";

import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils";

/** While an answer streams, the diagram's text grows: it is drawn once the text has been still this long. */
const SETTLE_MS = 300;

type Drawing = { state: "waiting" } | { state: "drawn"; svg: string } | { state: "invalid" };

let nextRender = 0;

/**
 * A ```mermaid block drawn as a diagram. Mermaid (large: d3, dagre…) is only loaded for answers that
 * have one. `securityLevel: "strict"` makes it sanitise every label and drop click handlers, so the
 * SVG it returns carries no script from the answer; the page's CSP would block one anyway.
 */
export function MermaidDiagram({ source, fallback }: { source: string; fallback: ReactNode }) {
  const [drawing, setDrawing] = useState<Drawing>({ state: "waiting" });
  const [showCode, setShowCode] = useState(false);
  const idBase = useId().replace(/[^a-zA-Z0-9]/g, "");

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const { default: mermaid } = await import("mermaid");
        const dark = document.documentElement.classList.contains("dark");
        mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: dark ? "dark" : "default", fontFamily: "inherit" });
        nextRender += 1;
        const { svg } = await mermaid.render(`mermaid-${idBase}-${nextRender}`, source);
        if (!cancelled) setDrawing({ state: "drawn", svg });
      } catch {
        if (!cancelled) setDrawing({ state: "invalid" });
      }
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [source, idBase]);

  // Mermaid's own sanitised output (see above), set on every mount: React cannot render an SVG string.
  const holder = useCallback(
    (node: HTMLDivElement | null) => {
      if (node && drawing.state === "drawn") node.innerHTML = drawing.svg;
    },
    [drawing],
  );

  if (drawing.state === "invalid") {
    return (
      <div className="space-y-1">
        <p className="text-xs text-muted-foreground">图表语法有误，无法绘制，下面是原文：</p>
        {fallback}
      </div>
    );
  }
  return (
    <div className="not-first:mt-3 overflow-hidden rounded-lg border" data-testid="mermaid">
      <div className="flex items-center justify-between border-b bg-muted px-3 py-1 text-xs text-muted-foreground">
        <span>图表</span>
        <button type="button" className="rounded px-1.5 py-0.5 hover:bg-accent hover:text-accent-foreground" onClick={() => setShowCode((shown) => !shown)}>
          {showCode ? "查看图表" : "查看代码"}
        </button>
      </div>
      {showCode ? (
        <div className="[&>div]:mt-0 [&>div]:rounded-none [&>div]:border-0">{fallback}</div>
      ) : (
        <div
          ref={holder}
          role="img"
          aria-label="图表"
          className={cn("flex min-h-16 justify-center overflow-x-auto bg-background p-3 [&_svg]:h-auto [&_svg]:max-w-full", drawing.state === "waiting" && "animate-pulse bg-muted/40")}
        />
      )}
    </div>
  );
}
