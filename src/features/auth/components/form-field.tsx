"use client";

import { useId, type ComponentProps, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type FormFieldProps = Omit<ComponentProps<typeof Input>, "id"> & {
  label: string;
  /** A validation message shown under the input (and announced through aria-describedby). */
  error?: string | null;
  hint?: ReactNode;
  /** Something next to the input, for example a "send code" button. */
  addon?: ReactNode;
};

/** A labelled input with its validation message. */
export function FormField({ label, error, hint, addon, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
