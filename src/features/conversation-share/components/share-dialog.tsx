"use client";

import { Link2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { messageOf, RequestError } from "@/features/ai-runtime";
import { toast } from "@/lib/toast";
import { useConversationShares } from "../use-conversation-shares";
import { ShareLinkRow } from "./share-link-row";

export interface ShareTarget {
  id: string;
  name: string;
}

/**
 * 分享 from a conversation's menu: makes a read-only link to a snapshot of the conversation as it is
 * now, and lists its live links with 复制链接 and 停止分享.
 */
export function ShareDialog({ appid, conversation, onOpenChange }: { appid: string; conversation: ShareTarget | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={conversation !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {conversation && <SharePanel key={conversation.id} appid={appid} conversation={conversation} />}
      </DialogContent>
    </Dialog>
  );
}

function SharePanel({ appid, conversation }: { appid: string; conversation: ShareTarget }) {
  const { state, reload, create, revoke } = useConversationShares(appid, conversation.id);
  const [creating, setCreating] = useState(false);
  const [newestId, setNewestId] = useState<string | null>(null);

  async function makeLink() {
    setCreating(true);
    try {
      const share = await create();
      setNewestId(share.id);
      toast({ variant: "success", title: "分享链接已创建", description: "复制链接发给他人，对方无需登录即可查看" });
    } catch (error) {
      toast({ variant: "destructive", title: "创建分享链接失败", description: messageOf(error) });
    } finally {
      setCreating(false);
    }
  }

  async function stop(id: string) {
    try {
      await revoke(id);
      toast({ variant: "success", title: "已停止分享", description: "该链接已失效" });
    } catch (error) {
      toast({ variant: "destructive", title: "停止分享失败", description: messageOf(error) });
    }
  }

  return (
    <div className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>分享对话</DialogTitle>
        <DialogDescription>
          为「{conversation.name || "未命名对话"}」创建只读链接，任何拿到链接的人无需登录即可查看。链接只包含当前的对话内容，之后的新消息不会出现。
        </DialogDescription>
      </DialogHeader>
      <Button type="button" className="justify-self-start" disabled={creating} onClick={() => void makeLink()}>
        <Link2 aria-hidden />
        {creating ? "正在创建…" : "创建分享链接"}
      </Button>
      <section className="grid min-w-0 gap-2" aria-label="已分享的链接">
        <h3 className="text-sm font-medium">已分享的链接</h3>
        {state.status === "loading" && <p className="text-sm text-muted-foreground">正在加载…</p>}
        {state.status === "error" && <RequestError message={state.message} onRetry={reload} />}
        {state.status === "ready" && state.shares.length === 0 && <p className="text-sm text-muted-foreground">还没有分享过这个对话。</p>}
        {state.status === "ready" && state.shares.length > 0 && (
          <ul className="grid min-w-0 gap-2">
            {state.shares.map((share) => (
              <ShareLinkRow key={share.id} share={share} highlighted={share.id === newestId} onStop={() => stop(share.id)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
