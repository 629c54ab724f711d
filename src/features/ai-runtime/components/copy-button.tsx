"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";

/** Copies `getText()` to the clipboard and shows 已复制 for a moment. */
export function CopyButton({
  getText,
  label = "复制",
  className,
  showLabel = false,
}: {
  getText: () => string;
  label?: string;
  className?: string;
  showLabel?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(getText());
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1500);
    } catch {
      toast({ variant: "destructive", title: "复制失败", description: "浏览器不允许访问剪贴板" });
    }
  }

  return (
    <Button
      type="button"
      variant="ghost"
      size={showLabel ? "sm" : "icon"}
      className={cn(!showLabel && "size-7", className)}
      onClick={copy}
      aria-label={copied ? "已复制" : label}
      title={copied ? "已复制" : label}
    >
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      {showLabel && <span>{copied ? "已复制" : label}</span>}
    </Button>
  );
}
