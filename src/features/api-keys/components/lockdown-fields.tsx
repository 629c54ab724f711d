"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiKeysCopy } from "../copy";
import type { ApiKeySummary } from "../schemas";

/** The lock-down fields as typed: the allow-list one entry per line, the per-minute limit as text. */
export type LockdownValues = { allowedIps: string; requestsPerMinute: string };

export const lockdownValuesOf = (key?: ApiKeySummary): LockdownValues => ({
  allowedIps: key?.allowedIps?.map((entry) => entry.replace(/\/(32|128)$/, "")).join("\n") ?? "",
  requestsPerMinute: key?.requestsPerMinute ? String(key.requestsPerMinute) : "",
});

/** The request body's part for them (the server validates each entry and the ceiling again). */
export function lockdownBody(values: LockdownValues): { allowedIps: string[] | null; requestsPerMinute: number | null } {
  const entries = values.allowedIps
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return { allowedIps: entries.length ? entries : null, requestsPerMinute: values.requestsPerMinute.trim() ? Number(values.requestsPerMinute) : null };
}

/** The IP allow-list (textarea, one per line) and the requests-per-minute field, shared by create and edit. */
export function LockdownFields({ idPrefix, values, onChange, ceiling }: { idPrefix: string; values: LockdownValues; onChange: (values: LockdownValues) => void; ceiling: number }) {
  const copy = apiKeysCopy.form;
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-ips`}>{copy.allowedIps}</Label>
        <Textarea
          id={`${idPrefix}-ips`}
          rows={3}
          translate="no"
          spellCheck={false}
          value={values.allowedIps}
          aria-describedby={`${idPrefix}-ips-hint`}
          onChange={(event) => onChange({ ...values, allowedIps: event.target.value })}
        />
        <p id={`${idPrefix}-ips-hint`} className="text-xs text-muted-foreground">
          {copy.allowedIpsHint}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-rpm`}>{copy.requestsPerMinute}</Label>
        <Input
          id={`${idPrefix}-rpm`}
          inputMode="numeric"
          value={values.requestsPerMinute}
          placeholder={String(ceiling)}
          aria-describedby={`${idPrefix}-rpm-hint`}
          onChange={(event) => onChange({ ...values, requestsPerMinute: event.target.value.replace(/[^\d]/g, "") })}
        />
        <p id={`${idPrefix}-rpm-hint`} className="text-xs text-muted-foreground">
          {copy.requestsPerMinuteHint(ceiling)}
        </p>
      </div>
    </>
  );
}
