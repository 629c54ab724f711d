import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { authConfigSchema, type AuthConfig } from "./config";
import { apiError, badRequest } from "./errors";
import { passwordWork } from "./password-work";

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (const enums are not importable under isolatedModules)

type HashingCost = AuthConfig["passwordHashing"];

/** Every hash runs through the process's bounded queue (429 when it is full). */
export function hashPassword(password: string, config: AuthConfig, client?: string): Promise<string> {
  return passwordWork.run(client, () => hash(password, { algorithm: ARGON2ID, ...config.passwordHashing }));
}

/**
 * A hash no password matches, with the cost real hashes have: checking against it takes as long as
 * checking a real one, so a wrong password for an unknown address answers as slowly as for a known
 * one. Its PHC string is assembled from random bytes: no hashing needed to make it.
 */
function dummyHash({ memoryCost, timeCost }: HashingCost): string {
  const b64 = (bytes: number) => randomBytes(bytes).toString("base64").replace(/=+$/, "");
  return `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=1$${b64(16)}$${b64(32)}`;
}
const dummyHashes = new Map<string, string>();
function dummyHashFor(cost: HashingCost): string {
  const key = `${cost.memoryCost}/${cost.timeCost}`;
  let found = dummyHashes.get(key);
  if (!found) dummyHashes.set(key, (found = dummyHash(cost)));
  return found;
}

export interface VerifyOptions {
  /** Cost of the dummy hash checked when there is no stored hash (default: the schema's). */
  config?: Pick<AuthConfig, "passwordHashing">;
  /** Who asks (client IP), for the per-client share of the hashing queue. */
  client?: string;
  /** The account being signed in to (e-mail / phone), whose failures put its checks in the suspect lane. */
  identifier?: string;
}

/** Verifies `password`; with no stored hash (unknown user, OAuth-only user) a dummy is checked. */
export async function verifyPassword(password: string, stored: string | null, options: VerifyOptions = {}): Promise<boolean> {
  const cost = options.config?.passwordHashing ?? authConfigSchema.shape.passwordHashing.parse(undefined);
  const target = stored ?? dummyHashFor(cost);
  const matches = await passwordWork.run(
    options.client,
    async () => {
      try {
        return await verify(target, password);
      } catch {
        return false;
      }
    },
    options.identifier,
  );
  const signedIn = matches && stored !== null;
  if (!signedIn) passwordWork.recordFailure(options.client, options.identifier);
  return signedIn;
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
