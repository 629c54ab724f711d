"use client";

import { plansCopy as copy } from "../copy";
import type { PlanAppChoice } from "../types";
import type { PlanFormValues } from "./plan-form-values";

type Props = {
  mode: PlanFormValues["appMode"];
  apps: readonly string[];
  choices: readonly PlanAppChoice[];
  onChange: (next: { appMode: PlanFormValues["appMode"]; apps: string[] }) => void;
};

/** 套餐额度适用的应用: every app, only the ticked ones, or all but the ticked ones. */
export function PlanAppAccessField({ mode, apps, choices, onChange }: Props) {
  // An app picked earlier and since removed from the site stays listed (by id) until it is unticked.
  const listed = [...choices, ...apps.filter((appid) => !choices.some((choice) => choice.appid === appid)).map((appid) => ({ appid, name: appid }))];
  const toggle = (appid: string, checked: boolean) => onChange({ appMode: mode, apps: checked ? [...apps, appid] : apps.filter((entry) => entry !== appid) });

  return (
    <fieldset className="grid gap-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">{copy.fields.appAccess}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm" role="radiogroup" aria-label={copy.fields.appAccess}>
        {(Object.keys(copy.fields.appModes) as PlanFormValues["appMode"][]).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input type="radio" name="plan-app-mode" className="size-4" checked={mode === option} onChange={() => onChange({ appMode: option, apps: [...apps] })} />
            {copy.fields.appModes[option]}
          </label>
        ))}
      </div>
      {mode === "all" ? null : (
        <ul className="grid gap-1.5 text-sm sm:grid-cols-2" aria-label={copy.fields.appModes[mode]}>
          {listed.map((app) => (
            <li key={app.appid}>
              <label className="flex items-center gap-2">
                <input type="checkbox" className="size-4" checked={apps.includes(app.appid)} onChange={(event) => toggle(app.appid, event.target.checked)} />
                {app.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{copy.fields.appAccessHint}</p>
    </fieldset>
  );
}
