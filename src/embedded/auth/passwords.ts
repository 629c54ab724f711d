import { hash, verify } from "@node-rs/argon2";
import type { AuthConfig } from "./config";
import { apiError, badRequest } from "./errors";

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (const enums are not importable under isolatedModules)

export function hashPassword(password: string, config: AuthConfig): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...config.passwordHashing });
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Reasons (GoTrue's `length` / `characters`) why `password` breaks the policy; empty when fine. */
export function passwordWeaknesses(password: string, config: AuthConfig): string[] {
  const reasons: string[] = [];
  if (password.length < config.passwordMinLength) reasons.push("length");
  const missesGroup = config.passwordRequiredCharacters.some((group) => ![...group].some((ch) => password.includes(ch)));
  if (missesGroup) reasons.push("characters");
  return reasons;
}

/** Throws GoTrue's 422 `weak_password` (with reasons) or 400 for an over-long password. */
export function assertPasswordStrength(password: string, config: AuthConfig): void {
  if (password.length > 72) throw badRequest("Password cannot be longer than 72 characters");
  const reasons = passwordWeaknesses(password, config);
  if (reasons.length === 0) return;
  const messages: string[] = [];
  if (reasons.includes("characters")) {
    messages.push(
      `Password should contain at least one character of each: ${config.passwordRequiredCharacters
        .map((group) => `"${group}"`)
        .join(", ")}.`,
    );
  }
  if (reasons.includes("length")) messages.push(`Password should be at least ${config.passwordMinLength} characters.`);
  throw apiError(422, "weak_password", messages.join(" "), { weak_password: { reasons } });
}
