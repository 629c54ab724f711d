"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiFetch } from "@/lib/fetch";
import { toast } from "@/lib/toast";
import { walletCopy } from "../copy";
import { fenToYuanInput, yuanToFen } from "../money-input";
import type { PayAsYouGoSettings } from "../types";

/** 按量付费: on / off and the monthly ceiling, saved with `PUT /api/billing/wallet/settings`. */
export function PayAsYouGoForm({ settings }: { settings: PayAsYouGoSettings }) {
  const router = useRouter();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [ceiling, setCeiling] = useState(settings.monthlyCeilingFen === null ? "" : fenToYuanInput(settings.monthlyCeilingFen));
  const [pending, setPending] = useState(false);
  const ceilingFen = ceiling.trim() ? yuanToFen(ceiling) : null;
  const invalid = ceiling.trim() !== "" && (ceilingFen === null || ceilingFen <= 0);

  async function save() {
    if (invalid) return;
    setPending(true);
    try {
      await apiFetch("/api/billing/wallet/settings", { method: "put", json: { enabled, monthlyCeilingFen: ceilingFen } });
      toast({ title: walletCopy.saved });
      router.refresh();
    } catch (error) {
      toast({ variant: "destructive", title: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-3">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {walletCopy.payAsYouGoLabel}
      </label>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor="wallet-ceiling">{walletCopy.ceilingLabel}</Label>
        <Input id="wallet-ceiling" inputMode="decimal" value={ceiling} onChange={(event) => setCeiling(event.target.value)} aria-invalid={invalid} />
        {invalid ? <p className="text-sm text-destructive">{walletCopy.errors.ceilingInvalid}</p> : null}
      </div>
      <div>
        <Button type="button" variant="outline" onClick={save} disabled={pending || invalid}>
          {pending ? "正在保存…" : "保存"}
        </Button>
      </div>
    </div>
  );
}
