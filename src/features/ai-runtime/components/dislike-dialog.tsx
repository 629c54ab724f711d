"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";

const MAX_REASON = 2000;

/** 踩 with an optional reason: 提交 sends the dislike with what was written (or nothing). */
export default function DislikeDialog({ onSubmit, onClose }: { onSubmit: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState("");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(reason.trim());
          }}
        >
          <DialogHeader>
            <DialogTitle>反馈这条回答</DialogTitle>
            <DialogDescription>您的反馈会帮助改进回答质量。</DialogDescription>
          </DialogHeader>
          <Textarea
            aria-label="不满意的原因"
            placeholder="告诉我们哪里不好（可选）"
            value={reason}
            maxLength={MAX_REASON}
            rows={4}
            autoFocus
            onChange={(event) => setReason(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              取消
            </Button>
            <Button type="submit">提交</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
