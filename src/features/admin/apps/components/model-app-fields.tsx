"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { appsCopy as copy } from "../copy";
import type { AppFormState } from "../form-state";

type Props = {
  form: AppFormState;
  set: <K extends keyof AppFormState>(key: K, value: AppFormState[K]) => void;
  fallbackKeyHint: string;
};

/** The model app's settings (src/features/ai-models `ModelAppSettings`) beyond the provider's URL and key. */
export function ModelAppFields({ form, set, fallbackKeyHint }: Props) {
  const text = (key: keyof AppFormState, label: string, options: { rows?: number; placeholder?: string; required?: boolean; maxLength?: number; type?: string; hint?: string } = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`app-${key}`}>{label}</Label>
      {options.rows ? (
        <Textarea id={`app-${key}`} rows={options.rows} required={options.required} maxLength={options.maxLength} placeholder={options.placeholder} value={String(form[key])} onChange={(event) => set(key, event.target.value as never)} />
      ) : (
        <Input id={`app-${key}`} type={options.type} inputMode={options.type === "number" ? "decimal" : undefined} maxLength={options.maxLength} placeholder={options.placeholder} value={String(form[key])} onChange={(event) => set(key, event.target.value as never)} />
      )}
      {options.hint ? <p className="text-muted-foreground text-xs">{options.hint}</p> : null}
    </div>
  );
  return (
    <>
      {text("models", copy.form.models, { rows: 3, required: true, placeholder: copy.form.modelsPlaceholder })}
      {text("defaultModel", copy.form.defaultModel, { maxLength: 128 })}
      {text("systemPrompt", copy.form.systemPrompt, { rows: 3, maxLength: 20_000 })}
      {text("openingStatement", copy.form.openingStatement, { rows: 2, maxLength: 2000 })}
      {text("suggestedQuestions", copy.form.suggestedQuestions, { rows: 3 })}
      <div className="grid gap-4 sm:grid-cols-3">
        {text("temperature", copy.form.temperature, { type: "number" })}
        {text("maxTokens", copy.form.maxTokens, { type: "number" })}
        {text("firstByteTimeoutSeconds", copy.form.firstByteTimeout, { type: "number" })}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.webSearch} onChange={(event) => set("webSearch", event.target.checked)} className="size-4" data-testid="app-web-search" />
        {copy.form.webSearch}
      </label>
      <p className="text-sm font-medium">{copy.form.fallback}</p>
      {text("fallbackBaseUrl", copy.form.fallbackBaseUrl, { maxLength: 500, placeholder: copy.form.providerBaseUrlPlaceholder })}
      {text("fallbackKey", copy.form.fallbackKey, { maxLength: 500, type: "password", hint: fallbackKeyHint ? copy.form.keepKey(fallbackKeyHint) : undefined })}
    </>
  );
}
