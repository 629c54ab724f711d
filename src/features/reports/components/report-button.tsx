"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { reportsCopy as copy } from "../copy";
import { REPORT_REASONS, type ReportReason } from "../schemas";

type Props = { target: "answer" | "share"; targetRef: string; excerpt?: string; askEmail?: boolean };

/** 举报 on an answer or a share page: a reason from the fixed list and a note, sent to the operators' queue. */
export function ReportButton({ target, targetRef, excerpt = "", askEmail = false }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>("illegal");
  const [note, setNote] = useState("");
  const [email, setEmail] = useState("");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    try {
      const response = await fetch("/api/reports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ target, targetRef, reason, note, excerpt: excerpt.slice(0, 2000), ...(askEmail && email.trim() ? { email: email.trim() } : {}) }),
      });
      if (response.ok) {
        setMessage({ tone: "info", text: copy.done });
        setNote("");
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      setMessage({ tone: "error", text: typeof body?.message === "string" ? body.message : copy.failed });
    } catch {
      setMessage({ tone: "error", text: copy.failed });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), setMessage(null))}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="text-muted-foreground">
          {copy.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.dialogTitle}</DialogTitle>
          <DialogDescription>{copy.dialogDescription}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={submit}>
          <div className="grid gap-1.5">
            <Label htmlFor="report-reason">{copy.reasonLabel}</Label>
            <NativeSelect id="report-reason" value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {copy.reasons[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="report-note">{copy.noteLabel}</Label>
            <Textarea id="report-note" value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
          </div>
          {askEmail ? (
            <div className="grid gap-1.5">
              <Label htmlFor="report-email">{copy.emailLabel}</Label>
              <Input id="report-email" type="email" value={email} maxLength={320} onChange={(event) => setEmail(event.target.value)} />
            </div>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? copy.pending : copy.submit}
          </Button>
          {message ? (
            <p role={message.tone === "error" ? "alert" : "status"} className={message.tone === "error" ? "text-sm text-destructive" : "text-sm"}>
              {message.text}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
