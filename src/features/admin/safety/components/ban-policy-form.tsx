"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAdminAction } from "../../components/use-admin-action";
import { safetyAdminCopy } from "../copy";

export interface BanPolicyView {
  hits: number;
  windowMinutes: number;
  banMinutes: number;
}

type Field = keyof BanPolicyView;
const FIELDS: Field[] = ["hits", "windowMinutes", "banMinutes"];

/** 重复命中自动封禁: three numbers; a field left empty follows its environment variable. */
export function BanPolicyForm({ overrides, env }: { overrides: Partial<BanPolicyView>; env: BanPolicyView }) {
  const copy = safetyAdminCopy.ban;
  const run = useAdminAction();
  const [values, setValues] = useState<Record<Field, string>>({
    hits: overrides.hits?.toString() ?? "",
    windowMinutes: overrides.windowMinutes?.toString() ?? "",
    banMinutes: overrides.banMinutes?.toString() ?? "",
  });
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      // Empty: back to the environment's value; else the number as typed (the server validates it).
      const json = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim() === "" ? null : Number(values[field])]));
      await run("safety/ban-policy", { method: "POST", json }, () => copy.saved);
    } catch {
      // useAdminAction showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {FIELDS.map((field) => (
        <div key={field} className="grid gap-2">
          <Label htmlFor={`ban-${field}`}>{copy.fields[field]}</Label>
          <Input
            id={`ban-${field}`}
            type="number"
            inputMode="numeric"
            min={field === "hits" ? 0 : 1}
            value={values[field]}
            placeholder={copy.envValue(env[field])}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          />
        </div>
      ))}
      <p className="text-muted-foreground text-sm sm:col-span-3">
        {copy.hint.before}{" "}
        {copy.hint.variables.map((name, index) => (
          <span key={name}>
            {index > 0 ? "、" : null}
            <code translate="no">{name}</code>
          </span>
        ))}{" "}
        {copy.hint.after}
      </p>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={busy}>
          {copy.save}
        </Button>
      </div>
    </form>
  );
}
