"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { ComplianceSettingsView } from "../types";
import { useAdminAction } from "../../components/use-admin-action";
import { settingsCopy as copy } from "../copy";

type PhoneChoice = "env" | "on" | "off";
const TEXT_FIELDS = [
  { name: "icpNumber", label: copy.icpNumber, placeholder: copy.icpPlaceholder },
  { name: "psbNumber", label: copy.psbNumber, placeholder: copy.psbPlaceholder },
  { name: "genaiFiling", label: copy.genaiFiling, placeholder: copy.genaiPlaceholder },
] as const;

/** 站点设置: filings and the phone switch; an emptied field goes back to its environment variable. */
export function SiteSettingsForm({ overrides, env }: ComplianceSettingsView) {
  const run = useAdminAction();
  const [text, setText] = useState({ icpNumber: overrides.icpNumber ?? "", psbNumber: overrides.psbNumber ?? "", genaiFiling: overrides.genaiFiling ?? "" });
  const [phone, setPhone] = useState<PhoneChoice>(overrides.requirePhoneForAi === undefined ? "env" : overrides.requirePhoneForAi ? "on" : "off");
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const json = {
      icpNumber: text.icpNumber.trim() || null,
      psbNumber: text.psbNumber.trim() || null,
      genaiFiling: text.genaiFiling.trim() || null,
      requirePhoneForAi: phone === "env" ? null : phone === "on",
    };
    await run("settings", { method: "POST", json }, () => copy.saved).catch(() => undefined);
    setSaving(false);
  }

  return (
    <form onSubmit={submit} className="grid max-w-xl gap-5">
      {TEXT_FIELDS.map((field) => (
        <div key={field.name} className="grid gap-1.5">
          <Label htmlFor={`settings-${field.name}`}>{field.label}</Label>
          <Input id={`settings-${field.name}`} value={text[field.name]} maxLength={300} placeholder={field.placeholder} onChange={(event) => setText({ ...text, [field.name]: event.target.value })} />
          <p className="text-xs text-muted-foreground">{copy.envValue(env[field.name])}</p>
        </div>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor="settings-require-phone">{copy.requirePhone}</Label>
        <NativeSelect id="settings-require-phone" value={phone} onChange={(event) => setPhone(event.target.value as PhoneChoice)}>
          <option value="env">{copy.followEnv(env.requirePhoneForAi)}</option>
          <option value="on">{copy.on}</option>
          <option value="off">{copy.off}</option>
        </NativeSelect>
        <p className="text-xs text-muted-foreground">{copy.requirePhoneDescription}</p>
      </div>
      <div>
        <Button type="submit" disabled={saving}>
          {copy.save}
        </Button>
      </div>
    </form>
  );
}
