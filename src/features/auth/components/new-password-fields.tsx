"use client";

import { useState } from "react";
import { authCopy } from "../copy";
import { FormField } from "./form-field";
import { checkPassword, checkPasswordConfirmation } from "./validation";

/** A new password typed twice: the values, their validation and a way to clear both. */
export function useNewPassword() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    validate: () => ({ password: checkPassword(password), confirm: checkPasswordConfirmation(password, confirm) }),
    clear: () => {
      setPassword("");
      setConfirm("");
    },
  };
}

type NewPasswordFieldsProps = {
  state: ReturnType<typeof useNewPassword>;
  errors: { password?: string; confirm?: string };
  /** Labels: "密码" on sign-up, "新密码" where a password is being changed. */
  labels?: { password: string; confirm: string };
};

/** The password and confirmation inputs of sign-up and password change. */
export function NewPasswordFields({ state, errors, labels = { password: authCopy.fields.password, confirm: authCopy.fields.confirmPassword } }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        value={state.password}
        onChange={(event) => state.setPassword(event.target.value)}
        error={errors.password}
      />
      <FormField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        value={state.confirm}
        onChange={(event) => state.setConfirm(event.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
