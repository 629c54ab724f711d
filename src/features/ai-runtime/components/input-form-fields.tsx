"use client";

import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { visibleFields, type FormErrors, type FormField, type FormValue, type FormValues } from "../input-form";
import type { DifySystemParameters } from "../types";
import { FileInputField } from "./file-input-field";

/** The app's input form (text-input, paragraph, select, number, checkbox, JSON, files; unknown types as text). */
export function InputFormFields({
  appid,
  system,
  fields,
  values,
  errors,
  disabled,
  onChange,
}: {
  /** Where file fields upload to. */
  appid: string;
  system: DifySystemParameters | undefined;
  fields: readonly FormField[];
  values: FormValues;
  errors: FormErrors;
  disabled?: boolean;
  onChange: (variable: string, value: FormValue) => void;
}) {
  const baseId = useId();
  return (
    <div className="grid gap-4">
      {visibleFields(fields).map((field) => {
        const id = `${baseId}-${field.variable}`;
        const error = errors[field.variable];
        const describedBy = [field.description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
        const value = values[field.variable];
        const text = typeof value === "string" ? value : "";
        const common = { id, disabled, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": field.required };
        return (
          <div key={field.variable} className="grid gap-1.5">
            {field.type === "checkbox" ? (
              <label className="flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" {...common} checked={value === true} onChange={(event) => onChange(field.variable, event.target.checked)} className="size-4 accent-primary" />
                {field.label}
                {field.required && <span className="text-destructive" aria-hidden>*</span>}
              </label>
            ) : (
              <Label htmlFor={id}>
                {field.label}
                {field.required ? <span className="text-destructive" aria-hidden>*</span> : <span className="text-xs font-normal text-muted-foreground">（选填）</span>}
              </Label>
            )}
            {field.type === "paragraph" || field.type === "json_object" ? (
              <Textarea {...common} value={text} rows={field.type === "json_object" ? 5 : 3} className={field.type === "json_object" ? "font-mono" : undefined} onChange={(event) => onChange(field.variable, event.target.value)} placeholder={field.type === "json_object" ? '{"key": "value"}' : undefined} />
            ) : field.type === "select" ? (
              <NativeSelect {...common} value={text} onChange={(event) => onChange(field.variable, event.target.value)}>
                <option value="">请选择</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect>
            ) : field.type === "number" ? (
              <Input {...common} type="number" inputMode="decimal" value={text} onChange={(event) => onChange(field.variable, event.target.value)} />
            ) : field.type === "file" || field.type === "file-list" ? (
              <FileInputField
                appid={appid}
                field={field}
                system={system}
                id={id}
                disabled={disabled}
                describedBy={describedBy}
                invalid={Boolean(error)}
                onChange={(files) => onChange(field.variable, files)}
              />
            ) : field.type === "checkbox" ? null : (
              <Input {...common} value={text} onChange={(event) => onChange(field.variable, event.target.value)} />
            )}
            {field.maxLength !== undefined && (field.type === "text-input" || field.type === "paragraph") && (
              <p className="text-right text-xs text-muted-foreground tabular-nums">
                {[...text].length} / {field.maxLength}
              </p>
            )}
            {field.description && (
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {field.description}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
