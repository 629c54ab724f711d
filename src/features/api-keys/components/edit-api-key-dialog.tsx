"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ApiError, apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { apiKeysCopy } from "../copy";
import type { ApiKeySummary } from "../schemas";
import { LockdownFields, lockdownBody, lockdownValuesOf } from "./lockdown-fields";

/** Edits an existing key's IP allow-list and per-minute limit (PATCH /api/keys/{id}). */
export function EditApiKeyDialog({ apiKey, ceiling, onClose, onSaved }: { apiKey: ApiKeySummary; ceiling: number; onClose: () => void; onSaved: (key: ApiKeySummary) => void }) {
  const [values, setValues] = useState(() => lockdownValuesOf(apiKey));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const { key } = await apiFetch<{ key: ApiKeySummary }>(`/api/keys/${apiKey.id}`, { method: "PATCH", json: lockdownBody(values) });
      onSaved(key);
      toast({ title: apiKeysCopy.saved });
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : apiKeysCopy.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{apiKeysCopy.edit.title(apiKey.name)}</DialogTitle>
            <DialogDescription>{apiKeysCopy.edit.description}</DialogDescription>
          </DialogHeader>
          <LockdownFields idPrefix="api-key-edit" values={values} onChange={setValues} ceiling={ceiling} />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {apiKeysCopy.form.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {apiKeysCopy.edit.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
