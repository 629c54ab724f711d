import { createHash } from "node:crypto";
import { badRequest } from "./errors";
import type { PkceRequest } from "./one-time-tokens";

/** Validates the optional PKCE pair of a request (GoTrue's rules); undefined = implicit flow. */
export function readPkce(body: { code_challenge?: string; code_challenge_method?: string }): PkceRequest | undefined {
  const { code_challenge: challenge, code_challenge_method: method } = body;
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw badRequest("PKCE flow requires code_challenge_method and code_challenge");
  if (!["s256", "plain"].includes(method.toLowerCase())) {
    throw badRequest(`code challenge method not supported: ${method}`);
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw badRequest("code challenge has to be between 43 and 128 characters");
  }
  return { codeChallenge: challenge, codeChallengeMethod: method.toLowerCase() };
}

export function verifierMatches(verifier: string, challenge: string, method: string): boolean {
  if (method === "plain") return verifier === challenge;
  return createHash("sha256").update(verifier).digest("base64url") === challenge;
}
