"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { personalDataCopy as copy } from "../copy";

/** 注销账号 without a password: sends a one-time code (SMS or e-mail) and takes it. */
export function DeletionCodeField({ code, onCode }: { code: string; onCode: (code: string) => void }) {
  const [status, setStatus] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setStatus(null);
    try {
      const response = await fetch("/api/account/deletion/code", { method: "POST" });
      const body = (await response.json().catch(() => ({}))) as { to?: string; message?: string };
      setStatus(response.ok ? { tone: "info", text: copy.deletion.codeSent(body.to ?? "") } : { tone: "error", text: body.message ?? copy.deletion.codeFailed });
    } catch {
      setStatus({ tone: "error", text: copy.deletion.codeFailed });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor="account-deletion-code">{copy.deletion.codeLabel}</Label>
      <div className="flex gap-2">
        <Input id="account-deletion-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => onCode(event.target.value.trim())} />
        <Button type="button" variant="outline" disabled={sending} onClick={send}>
          {copy.deletion.sendCode}
        </Button>
      </div>
      {status ? (
        <p role={status.tone === "error" ? "alert" : "status"} className={status.tone === "error" ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
