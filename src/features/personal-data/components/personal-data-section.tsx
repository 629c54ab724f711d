"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAuth } from "@/features/auth";
import { personalDataCopy as copy } from "../copy";
import { DeletionCodeField } from "./deletion-code-field";

const localTime = (iso: string) => new Date(iso).toLocaleString("zh-CN", { hour12: false });

async function errorMessage(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string" ? body.message : fallback;
}

function ExportCard() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mailed, setMailed] = useState<string | null>(null);
  async function download() {
    setPending(true);
    setError(null);
    setMailed(null);
    try {
      const response = await fetch("/api/account/data-export");
      if (!response.ok) return setError(await errorMessage(response, copy.export.failed));
      // A large account: built in the background, the link comes by mail.
      if (response.status === 202) return setMailed(((await response.json()) as { mailedTo: string }).mailedTo);
      const name = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get("content-disposition") ?? "")?.[1];
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: name ? decodeURIComponent(name) : "personal-data.zip" });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(copy.export.failed);
    } finally {
      setPending(false);
    }
  }
  return (
    <section aria-labelledby="personal-data-export-title">
      <Card>
        <CardHeader>
          <CardTitle id="personal-data-export-title">{copy.export.title}</CardTitle>
          <CardDescription>{copy.export.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button type="button" variant="outline" className="w-fit" disabled={pending} onClick={download}>
            {pending ? copy.export.pending : copy.export.submit}
          </Button>
          {error ? <p role="alert" className="text-sm text-destructive">{error}</p> : null}
          {mailed ? <p role="status" className="text-sm text-muted-foreground">{copy.export.mailed(mailed)}</p> : null}
        </CardContent>
      </Card>
    </section>
  );
}

function DeletionCard() {
  const { signOut } = useAuth();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [confirm, setConfirm] = useState("");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "info"; text: string } | null>(null);
  const [dueAt, setDueAt] = useState<string | null>(null);

  useEffect(() => {
    void fetch("/api/account/deletion")
      .then((response) => (response.ok ? (response.json() as Promise<{ pending: { dueAt: string } | null }>) : null))
      .then((body) => setDueAt(body?.pending?.dueAt ?? null))
      .catch(() => undefined);
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    try {
      const response = await fetch("/api/account/deletion", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ confirm, ...(password ? { password } : code ? { code } : {}) }),
      });
      if (!response.ok) return setMessage({ tone: "error", text: await errorMessage(response, copy.deletion.failed) });
      const outcome = (await response.json()) as { deleted: boolean; dueAt?: string };
      if (outcome.deleted) {
        setMessage({ tone: "info", text: copy.deletion.done });
        // The session died with the account: signing out clears its cookies and loads the home page.
        await signOut();
        return;
      }
      setDueAt(outcome.dueAt ?? null);
    } catch {
      setMessage({ tone: "error", text: copy.deletion.failed });
    } finally {
      setPending(false);
    }
  }

  async function cancel() {
    setPending(true);
    const response = await fetch("/api/account/deletion", { method: "DELETE" }).catch(() => null);
    setPending(false);
    if (response?.ok) {
      setDueAt(null);
      setMessage({ tone: "info", text: copy.deletion.canceled });
    } else setMessage({ tone: "error", text: copy.deletion.failed });
  }

  return (
    <section aria-labelledby="account-deletion-title">
      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle id="account-deletion-title">{copy.deletion.title}</CardTitle>
          <CardDescription>{copy.deletion.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <div>
            <p className="font-medium">{copy.deletion.deletedTitle}</p>
            <ul className="list-disc pl-5 text-muted-foreground">{copy.deletion.deleted.map((item) => <li key={item}>{item}</li>)}</ul>
            <p className="mt-2 font-medium">{copy.deletion.keptTitle}</p>
            <ul className="list-disc pl-5 text-muted-foreground">{copy.deletion.kept.map((item) => <li key={item}>{item}</li>)}</ul>
          </div>
          {dueAt ? (
            <div className="grid gap-2">
              <p role="status">{copy.deletion.scheduled(localTime(dueAt))}</p>
              <Button type="button" variant="outline" className="w-fit" disabled={pending} onClick={cancel}>
                {copy.deletion.cancel}
              </Button>
            </div>
          ) : (
            <form className="grid max-w-sm gap-3" onSubmit={submit}>
              <div className="grid gap-1.5">
                <Label htmlFor="account-deletion-password">{copy.deletion.passwordLabel}</Label>
                <Input id="account-deletion-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
                <p className="text-xs text-muted-foreground">{copy.deletion.passwordHint}</p>
              </div>
              <DeletionCodeField code={code} onCode={setCode} />
              <div className="grid gap-1.5">
                <Label htmlFor="account-deletion-confirm">{copy.deletion.confirmLabel}</Label>
                <Input id="account-deletion-confirm" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
              </div>
              <Button type="submit" variant="destructive" className="w-fit" disabled={pending || confirm !== "注销"}>
                {pending ? copy.deletion.pending : copy.deletion.submit}
              </Button>
            </form>
          )}
          {message ? (
            <p role={message.tone === "error" ? "alert" : "status"} className={message.tone === "error" ? "text-destructive" : undefined}>
              {message.text}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

/** Settings: the personal-information rights of PIPL (copy and delete). */
export function PersonalDataSection() {
  return (
    <div className="grid gap-6">
      <ExportCard />
      <DeletionCard />
    </div>
  );
}
