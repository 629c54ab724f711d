"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import type { ConversationShare } from "../types";

const dateFormat = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** One live link: its address (selectable), 复制链接, and 停止分享 behind a confirmation. */
export function ShareLinkRow({ share, highlighted, onStop }: { share: ConversationShare; highlighted: boolean; onStop: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(share.url);
      setCopied(true);
      toast({ variant: "success", title: "链接已复制" });
    } catch {
      toast({ variant: "destructive", title: "复制失败", description: "浏览器不允许访问剪贴板，请手动选中链接复制" });
    }
  }

  async function stop() {
    setStopping(true);
    try {
      await onStop();
    } finally {
      setStopping(false);
      setConfirming(false);
    }
  }

  return (
    <li className={cn("grid min-w-0 gap-2 rounded-lg border p-3", highlighted && "border-primary/60 bg-primary/5")} data-testid="share-link">
      <div className="flex flex-wrap items-center justify-between gap-x-3 text-xs text-muted-foreground">
        <span>
          {dateFormat.format(new Date(share.created_at))} 分享 · {share.message_count} 条消息
        </span>
      </div>
      <div className="flex min-w-0 gap-2">
        <Input readOnly value={share.url} aria-label="分享链接" className="min-w-0 font-mono text-xs md:text-xs" onFocus={(event) => event.currentTarget.select()} translate="no" />
        <Button type="button" variant="outline" size="sm" className="shrink-0" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          复制链接
        </Button>
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="确认停止分享">
          <span>停止后此链接立即失效，无法恢复。</span>
          <Button type="button" variant="destructive" size="sm" disabled={stopping} onClick={() => void stop()}>
            {stopping ? "正在停止…" : "确认停止"}
          </Button>
          <Button type="button" variant="ghost" size="sm" disabled={stopping} onClick={() => setConfirming(false)}>
            取消
          </Button>
        </div>
      ) : (
        <Button type="button" variant="ghost" size="sm" className="justify-self-start text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
          停止分享
        </Button>
      )}
    </li>
  );
}
