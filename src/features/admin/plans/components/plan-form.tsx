"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useAdminAction } from "../../components/use-admin-action";
import { plansCopy as copy } from "../copy";
import type { AdminPlanRow, PlanAppChoice } from "../types";
import { PlanAppAccessField } from "./plan-app-access-field";
import { bodyOf, formValuesOf, type PlanFormValues } from "./plan-form-values";

type TextField = { [K in keyof PlanFormValues]: PlanFormValues[K] extends string ? K : never }[keyof PlanFormValues];

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** Adds a plan (`plan` unset) or edits one; prices are typed in 元 and sent in 分. `apps`: the site's apps to pick from. */
export function PlanForm({ plan, apps }: { plan?: AdminPlanRow; apps: readonly PlanAppChoice[] }) {
  const router = useRouter();
  const run = useAdminAction();
  const [values, setValues] = useState<PlanFormValues>(() => formValuesOf(plan));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const isFree = plan?.id === "free";
  const quotaChanged = plan !== undefined && values.tokens.trim() !== String(plan.monthlyTokenQuota);

  const set = <K extends keyof PlanFormValues>(key: K) => (value: PlanFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  // The props of a text input bound to one of the form's text fields (its id is what the label names).
  const text = (key: TextField) => ({
    id: `plan-${key}`,
    value: values[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key)(event.target.value),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = bodyOf(values);
    if ("error" in result) return setError(result.error);
    setError(null);
    setPending(true);
    try {
      if (plan) {
        await run(`plans/${plan.id}`, { method: "POST", json: { ...result.body, applyQuotaNow: values.applyQuotaNow } }, () => copy.saved);
      } else {
        await run("plans", { method: "POST", json: { id: values.id.trim(), ...result.body } }, () => copy.created);
        router.push("/admin/plans");
      }
    } catch {
      // useAdminAction has shown the reason.
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid max-w-2xl gap-4" noValidate>
      {plan ? null : (
        <Field id="plan-id" label={copy.fields.id} hint={copy.fields.idHint}>
          <Input {...text("id")} required autoComplete="off" translate="no" />
        </Field>
      )}
      <Field id="plan-name" label={copy.fields.name}>
        <Input {...text("name")} required maxLength={40} />
      </Field>
      <Field id="plan-description" label={copy.fields.description}>
        <Textarea {...text("description")} rows={2} maxLength={200} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="plan-monthlyYuan" label={copy.fields.monthlyPrice}>
          <Input {...text("monthlyYuan")} inputMode="decimal" disabled={isFree} />
        </Field>
        <Field id="plan-yearlyYuan" label={copy.fields.yearlyPrice}>
          <Input {...text("yearlyYuan")} inputMode="decimal" disabled={isFree} />
        </Field>
        <Field id="plan-tokens" label={copy.fields.tokens}>
          <Input {...text("tokens")} inputMode="numeric" />
        </Field>
        <Field id="plan-storageMb" label={copy.fields.storage}>
          <Input {...text("storageMb")} inputMode="numeric" />
        </Field>
        <Field id="plan-concurrency" label={copy.fields.concurrency}>
          <Input {...text("concurrency")} inputMode="numeric" />
        </Field>
        <Field id="plan-apiRpm" label={copy.fields.apiRpm}>
          <Input {...text("apiRpm")} inputMode="numeric" />
        </Field>
        <Field id="plan-position" label={copy.fields.position}>
          <Input {...text("position")} inputMode="numeric" />
        </Field>
      </div>
      {quotaChanged ? (
        <label className="flex items-start gap-2 rounded-lg border p-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4" checked={values.applyQuotaNow} onChange={(event) => set("applyQuotaNow")(event.target.checked)} />
          <span>
            <span className="font-medium">{copy.fields.applyNow}</span>
            <span className="block text-muted-foreground">{copy.fields.applyNowHint}</span>
          </span>
        </label>
      ) : null}
      <PlanAppAccessField
        mode={values.appMode}
        apps={values.apps}
        choices={apps}
        onChange={(next) => setValues((current) => ({ ...current, ...next }))}
      />
      <Field id="plan-features" label={copy.fields.features}>
        <Textarea {...text("features")} rows={4} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={values.visible} disabled={isFree} onChange={(event) => set("visible")(event.target.checked)} />
        {copy.fields.visible}
      </label>
      {isFree ? <p className="text-xs text-muted-foreground">{copy.freeLocked}</p> : null}
      {isFree ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="plan-stripeMonth" label={copy.fields.stripeMonth}>
            <Input {...text("stripeMonth")} translate="no" autoComplete="off" />
          </Field>
          <Field id="plan-stripeYear" label={copy.fields.stripeYear}>
            <Input {...text("stripeYear")} translate="no" autoComplete="off" />
          </Field>
          <p className="text-xs text-muted-foreground sm:col-span-2">{copy.fields.stripeHint}</p>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={pending}>
        {plan ? copy.save : copy.create}
      </Button>
    </form>
  );
}
