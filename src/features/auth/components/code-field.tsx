"use client";

import type { ComponentProps } from "react";
import { FormField } from "./form-field";

type CodeFieldProps = Omit<ComponentProps<typeof FormField>, "onChange" | "inputMode" | "autoComplete"> & {
  value: string;
  /** Called with the digits only: pasted spaces or dashes are dropped as the user types. */
  onValueChange: (digits: string) => void;
};

/** A one-time code input (SMS, e-mail or TOTP): numeric keyboard, autofill from the message. */
export function CodeField({ onValueChange, maxLength = 10, ...fieldProps }: CodeFieldProps) {
  return (
    <FormField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      {...fieldProps}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, ""))}
    />
  );
}
