import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  decodeProtectedHeader,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from "jose";
import { authInstanceKeys, type Database } from "@/lib/db";
import type { AuthConfig } from "./config";

type KeyLike = CryptoKey | Uint8Array;
interface VerifyingKey {
  alg: string;
  key: KeyLike;
}

/** The installation's JWT keys: the first configured (or generated) key signs, all verify. */
export interface SigningKeys {
  sign(payload: JWTPayload): Promise<string>;
  /** Verifies signature, `exp`, `iss` and `aud`; throws `InvalidJwtError` with a GoTrue-like reason. */
  verify(token: string): Promise<JWTPayload>;
  jwks: JSONWebKeySet;
}

export class InvalidJwtError extends Error {
  constructor(reason: string) {
    super(`invalid JWT: unable to parse or verify signature, ${reason}`);
    this.name = "InvalidJwtError";
  }
}

const SUPPORTED_ALGS = new Set(["ES256", "RS256"]);

const PRIVATE_MEMBERS = new Set(["d", "p", "q", "dp", "dq", "qi", "oth", "k"]);

function publicPart(jwk: JWK): JWK {
  const rest = Object.fromEntries(Object.entries(jwk).filter(([key]) => !PRIVATE_MEMBERS.has(key)));
  return { ...rest, key_ops: ["verify"], use: "sig" };
}

async function generatedJwk(db: Database): Promise<JWK> {
  const [stored] = await db.select().from(authInstanceKeys).where(eq(authInstanceKeys.name, "signing_jwk"));
  if (stored) return stored.value as JWK;
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "ES256", use: "sig" };
  await db.insert(authInstanceKeys).values({ name: "signing_jwk", value: jwk as Record<string, unknown> }).onConflictDoNothing();
  // Another process may have won the race: always use what the database holds.
  const [winner] = await db.select().from(authInstanceKeys).where(eq(authInstanceKeys.name, "signing_jwk"));
  return winner!.value as JWK;
}

function configuredJwks(config: AuthConfig): JWK[] | undefined {
  if (config.jwks) return config.jwks.keys as JWK[];
  if (!config.jwksFile) return undefined;
  // A JWK set ({keys: [...]}) or, as the Supabase CLI writes it, a bare array of keys.
  const parsed = JSON.parse(readFileSync(config.jwksFile, "utf8")) as { keys?: JWK[] } | JWK[];
  const keys = Array.isArray(parsed) ? parsed : parsed.keys;
  if (!keys?.length) throw new Error(`${config.jwksFile}: JWK set has no keys`);
  return keys;
}

/**
 * The key as WebCrypto should import it: `key_ops` (the CLI writes ["sign", "verify"]) would be
 * taken as the usages of each half, and a private EC/RSA key cannot "verify" nor a public one "sign".
 */
function withoutKeyOps(jwk: JWK): JWK {
  const rest = { ...jwk };
  delete rest.key_ops;
  return rest;
}

/**
 * Only tokens this service issued: `iss` must be its issuer, and `aud` one of the accepted audiences.
 * A user token (one with `sub`) must name its audience; the API keys carry none, as Supabase's do.
 * Without these checks a token another service signed with a shared key (the legacy JWT secret, a
 * JWK file copied between projects) would open accounts here.
 */
function checkAudience(payload: JWTPayload, accepted: ReadonlySet<string>): void {
  const audiences = typeof payload.aud === "string" ? [payload.aud] : (payload.aud ?? []);
  if (audiences.length === 0 && payload.sub === undefined) return;
  if (!audiences.some((audience) => accepted.has(audience))) {
    throw new InvalidJwtError('token has invalid claims: unexpected "aud" claim value');
  }
}

/** Deep-frozen: one verified payload is handed to every request presenting the same token. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) frozen(member);
    Object.freeze(value);
  }
  return value;
}

/**
 * Tokens whose signature and claims were checked, by their exact text, until their `exp`: a browser
 * presents the same access token on every call for its hour, and the signature check (WebCrypto
 * ECDSA) was the service's largest CPU cost after the database. Nothing a request can change is
 * cached: a token differing by one character is another key, the keys of a process never change,
 * and the expiry is checked again on each use. Bounded (the oldest goes first); tokens without
 * `exp` are never kept.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, JWTPayload>();

  constructor(private readonly maxEntries = 5_000) {}

  get(token: string): JWTPayload | undefined {
    const payload = this.entries.get(token);
    if (!payload) return undefined;
    // As jose: expired once `exp` <= now (whole seconds, no tolerance).
    if (typeof payload.exp === "number" && payload.exp > Math.floor(Date.now() / 1000)) return payload;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, payload: JWTPayload): JWTPayload {
    if (typeof payload.exp !== "number") return payload;
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(token, frozen(payload));
    return payload;
  }
}

export async function loadSigningKeys(db: Database, config: AuthConfig, issuer: string): Promise<SigningKeys> {
  const jwks = configuredJwks(config) ?? [await generatedJwk(db)];
  const verifying = new Map<string, VerifyingKey>();
  let signer: { kid: string; alg: string; key: CryptoKey } | undefined;
  for (const jwk of jwks) {
    if (!jwk.kid || !jwk.alg || !SUPPORTED_ALGS.has(jwk.alg)) {
      throw new Error("JWK set: every key needs a kid and alg ES256 or RS256");
    }
    verifying.set(jwk.kid, { alg: jwk.alg, key: (await importJWK(withoutKeyOps(publicPart(jwk)), jwk.alg)) as CryptoKey });
    if (!signer && jwk.d) signer = { kid: jwk.kid, alg: jwk.alg, key: (await importJWK(withoutKeyOps(jwk), jwk.alg)) as CryptoKey };
  }
  if (!signer) throw new Error("JWK set: the first key with a private part signs, but none has one");
  const secret = config.jwtSecret ? new TextEncoder().encode(config.jwtSecret) : undefined;
  const active = signer;
  const audiences = new Set(config.jwtAudiences);
  const verified = new VerifiedTokens();

  return {
    jwks: { keys: jwks.map(publicPart) },
    // Everything this service signs names it as issuer (verify insists on it).
    sign: (payload) =>
      new SignJWT({ iss: issuer, ...payload }).setProtectedHeader({ alg: active.alg, kid: active.kid, typ: "JWT" }).sign(active.key),
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      let header;
      try {
        header = decodeProtectedHeader(token);
      } catch {
        throw new InvalidJwtError("token is malformed");
      }
      const byKid = header.kid ? verifying.get(header.kid) : undefined;
      const choice: VerifyingKey | undefined =
        byKid ?? (header.alg === "HS256" && secret ? { alg: "HS256", key: secret } : undefined);
      if (!choice) throw new InvalidJwtError("token signature is invalid: unknown key or algorithm");
      try {
        const { payload } = await jwtVerify(token, choice.key, { algorithms: [choice.alg], issuer });
        checkAudience(payload, audiences);
        return verified.set(token, payload);
      } catch (error) {
        if (error instanceof InvalidJwtError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new InvalidJwtError("token has invalid claims: token is expired");
        if (error instanceof joseErrors.JWTClaimValidationFailed) {
          throw new InvalidJwtError(`token has invalid claims: ${error.message}`);
        }
        throw new InvalidJwtError("token signature is invalid");
      }
    },
  };
}

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** The per-installation anon / service-role keys, made on first start and kept in the database. */
export async function loadApiKeys(db: Database, keys: SigningKeys, issuer: string): Promise<ApiKeys> {
  const [stored] = await db.select().from(authInstanceKeys).where(eq(authInstanceKeys.name, "api_keys"));
  if (stored) {
    const value = stored.value as unknown as ApiKeys;
    // Still valid with the current keys? (A JWK set file may have replaced the generated key.)
    const valid = await Promise.all([keys.verify(value.anonKey), keys.verify(value.serviceRoleKey)]).then(
      () => true,
      () => false,
    );
    if (valid) return value;
  }
  const now = Math.floor(Date.now() / 1000);
  const make = (role: string) => keys.sign({ iss: issuer, role, iat: now, exp: now + TEN_YEARS });
  const fresh: ApiKeys = { anonKey: await make("anon"), serviceRoleKey: await make("service_role") };
  const value = fresh as unknown as Record<string, unknown>;
  if (stored) {
    await db.update(authInstanceKeys).set({ value }).where(eq(authInstanceKeys.name, "api_keys"));
    return fresh;
  }
  // Two processes starting at once: the first insert wins and both use it.
  await db.insert(authInstanceKeys).values({ name: "api_keys", value }).onConflictDoNothing();
  const [winner] = await db.select().from(authInstanceKeys).where(eq(authInstanceKeys.name, "api_keys"));
  return winner!.value as unknown as ApiKeys;
}
