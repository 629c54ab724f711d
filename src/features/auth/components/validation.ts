import { authCopy, MIN_PASSWORD_LENGTH } from "../copy";

const v = authCopy.validation;

/** Form checks in Chinese before anything is sent; each answers an error message or null. */
export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return v.emailRequired;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : v.emailInvalid;
}

/** The number as the API expects it: spaces and dashes dropped, a bare mainland number gets +86. */
export function normalizePhone(value: string): string {
  const compact = value.trim().replace(/[\s-]/g, "");
  return /^1\d{10}$/.test(compact) ? `+86${compact}` : compact;
}

export function checkPhone(value: string): string | null {
  if (!value.trim()) return v.phoneRequired;
  return /^\+?[1-9]\d{6,14}$/.test(normalizePhone(value)) ? null : v.phoneInvalid;
}

export function checkPassword(value: string): string | null {
  if (!value) return v.passwordRequired;
  return value.length < MIN_PASSWORD_LENGTH ? v.passwordTooShort(MIN_PASSWORD_LENGTH) : null;
}

export function checkPasswordConfirmation(password: string, confirmation: string): string | null {
  return password === confirmation ? null : v.passwordMismatch;
}

export function checkCode(value: string): string | null {
  const code = value.trim();
  if (!code) return v.codeRequired;
  return /^\d{4,10}$/.test(code) ? null : v.codeInvalid;
}

export function checkTotp(value: string): string | null {
  return /^\d{6}$/.test(value.trim()) ? null : v.totpInvalid;
}

/** Drops the fields without an error; an empty object means the form is valid. */
export function collectErrors<K extends string>(checks: Record<K, string | null>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}
