"use client";

import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { messageOf } from "@/features/ai-runtime";
import type { Conversation } from "../types";

type Rename = (id: string, name: string | { autoGenerate: true }) => Promise<string>;

/** Renames a conversation, or lets the app name it from its messages (自动生成). */
export function RenameDialog({ conversation, onOpenChange, onRename }: { conversation: Conversation | null; onOpenChange: (open: boolean) => void; onRename: Rename }) {
  return (
    <Dialog open={conversation !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {conversation && <RenameForm key={conversation.id} conversation={conversation} onDone={() => onOpenChange(false)} onRename={onRename} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ conversation, onDone, onRename }: { conversation: Conversation; onDone: () => void; onRename: Rename }) {
  const [name, setName] = useState(conversation.name);
  const [busy, setBusy] = useState<"save" | "auto" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(target: string | { autoGenerate: true }) {
    if (typeof target === "string" && !target.trim()) {
      setError("请输入对话名称");
      return;
    }
    setBusy(typeof target === "string" ? "save" : "auto");
    setError(null);
    try {
      const saved = await onRename(conversation.id, typeof target === "string" ? target.trim() : target);
      if (typeof target !== "string") setName(saved);
      onDone();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(name);
      }}
    >
      <DialogHeader>
        <DialogTitle>重命名对话</DialogTitle>
        <DialogDescription>给对话起一个好找的名字，或者让 AI 根据内容自动生成。</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="conversation-name">对话名称</Label>
        <Input id="conversation-name" value={name} maxLength={100} autoFocus onChange={(event) => setName(event.target.value)} aria-invalid={error ? true : undefined} />
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <DialogFooter className="sm:justify-between">
        <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void submit({ autoGenerate: true })}>
          <Sparkles aria-hidden />
          {busy === "auto" ? "生成中…" : "自动生成"}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogClose asChild>
            <Button type="button" variant="ghost">
              取消
            </Button>
          </DialogClose>
          <Button type="submit" disabled={busy !== null}>
            {busy === "save" ? "保存中…" : "保存"}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}
