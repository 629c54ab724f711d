"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { PublicAiApp } from "@/features/ai-apps";
import { CopyButton } from "@/features/ai-runtime";
import { ApiError, apiFetch } from "@/lib/fetch";
import { apiKeysCopy } from "../copy";
import type { ApiKeySummary } from "../schemas";
import { LockdownFields, lockdownBody, lockdownValuesOf } from "./lockdown-fields";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates a key, then shows its secret once (with a copy button) until the user closes it. */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  apps,
  ceiling,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apps: PublicAiApp[];
  /** The plan's requests-per-minute ceiling, shown as the field's default. */
  ceiling: number;
  onCreated: (key: ApiKeySummary) => void;
}) {
  const copy = apiKeysCopy.form;
  const [name, setName] = useState("");
  const [expiryDays, setExpiryDays] = useState("");
  const [cap, setCap] = useState("");
  const [limitApps, setLimitApps] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [lockdown, setLockdown] = useState(lockdownValuesOf);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const close = () => {
    onOpenChange(false);
    setName("");
    setExpiryDays("");
    setCap("");
    setLimitApps(false);
    setChosen([]);
    setLockdown(lockdownValuesOf());
    setError(null);
    setSecret(null);
  };

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const body = {
        name,
        expiresAt: expiryDays ? new Date(Date.now() + Number(expiryDays) * DAY_MS).toISOString() : null,
        monthlyTokenCap: cap.trim() ? Number(cap) : null,
        allowedApps: limitApps ? chosen : null,
        ...lockdownBody(lockdown),
      };
      const created = await apiFetch<{ key: ApiKeySummary; secret: string }>("/api/keys", { method: "POST", json: body });
      onCreated(created.key);
      setSecret(created.secret);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : apiKeysCopy.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        {secret ? (
          <>
            <DialogHeader>
              <DialogTitle>{apiKeysCopy.created.title}</DialogTitle>
              <DialogDescription>{apiKeysCopy.created.description}</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2">
              <code className="min-w-0 flex-1 break-all text-sm" translate="no" data-testid="new-api-key">
                {secret}
              </code>
              <CopyButton getText={() => secret} label={apiKeysCopy.created.copy} />
            </div>
            <DialogFooter>
              <Button onClick={close}>{apiKeysCopy.created.done}</Button>
            </DialogFooter>
          </>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <DialogHeader>
              <DialogTitle>{copy.title}</DialogTitle>
              <DialogDescription>{copy.description}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="api-key-name">{copy.name}</Label>
              <Input id="api-key-name" value={name} maxLength={50} placeholder={copy.namePlaceholder} onChange={(event) => setName(event.target.value)} required />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="api-key-expiry">{copy.expiry}</Label>
              <NativeSelect id="api-key-expiry" value={expiryDays} onChange={(event) => setExpiryDays(event.target.value)}>
                {copy.expiryOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="api-key-cap">{copy.cap}</Label>
              <Input id="api-key-cap" inputMode="numeric" value={cap} placeholder={copy.capPlaceholder} onChange={(event) => setCap(event.target.value.replace(/[^\d]/g, ""))} />
            </div>
            <fieldset className="grid gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={limitApps} onChange={(event) => setLimitApps(event.target.checked)} />
                {copy.limitApps}
              </label>
              {limitApps && (
                <div className="grid gap-1.5 pl-6" role="group" aria-label={apiKeysCopy.columns.apps}>
                  {apps.map((app) => (
                    <label key={app.appid} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={chosen.includes(app.appid)}
                        onChange={(event) => setChosen((current) => (event.target.checked ? [...current, app.appid] : current.filter((id) => id !== app.appid)))}
                      />
                      {app.name}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <LockdownFields idPrefix="api-key-create" values={lockdown} onChange={setLockdown} ceiling={ceiling} />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                {copy.cancel}
              </Button>
              <Button type="submit" disabled={busy || !name.trim()}>
                {copy.submit}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
