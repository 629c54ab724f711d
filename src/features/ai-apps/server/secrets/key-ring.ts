import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { authInstanceKeys } from "@/lib/db/schema/auth";
import type { Database } from "@/lib/db/types";
import { getEnv, type Env } from "@/lib/env";
import { parseEncryptionKey } from "./cipher";

/**
 * The keys that open the stored upstream keys: `primary` encrypts, every one of `keys` may decrypt
 * (so rows written with the development key still open after APP_ENCRYPTION_KEY is set, and are
 * re-encrypted with it at the next start).
 */
export interface SecretKeyRing {
  primary: Buffer;
  keys: Buffer[];
  /** APP_ENCRYPTION_KEY is set. Without it, production stores no key of a real upstream. */
  configured: boolean;
  production: boolean;
}

const DEV_KEY_NAME = "app_encryption_dev_key";
const rings = new WeakMap<Database, Promise<SecretKeyRing>>();

/**
 * Without APP_ENCRYPTION_KEY, a key generated once and kept in the database (`auth.instance_keys`,
 * where the embedded auth keeps its generated signing key) — stable across restarts and processes,
 * nothing to configure in development. It protects nothing from someone who reads the database, which
 * is why production refuses it for real upstream keys (`assertMayStore`).
 */
async function developmentKey(db: Database): Promise<Buffer> {
  const read = async () => (await db.select().from(authInstanceKeys).where(eq(authInstanceKeys.name, DEV_KEY_NAME)))[0];
  const stored = (await read()) ?? (await db.insert(authInstanceKeys).values({ name: DEV_KEY_NAME, value: { key: randomBytes(32).toString("base64url") } }).onConflictDoNothing(), await read());
  // Another process may have won the race: always use what the database holds.
  return Buffer.from(String(stored!.value.key), "base64url");
}

export function secretKeyRing(db: Database, env: Pick<Env, "APP_ENCRYPTION_KEY" | "NODE_ENV"> = getEnv()): Promise<SecretKeyRing> {
  let ring = rings.get(db);
  if (!ring) {
    ring = (async () => {
      const configured = env.APP_ENCRYPTION_KEY ? parseEncryptionKey(env.APP_ENCRYPTION_KEY) : undefined;
      const dev = await developmentKey(db);
      const keys = configured ? [configured, dev] : [dev];
      return { primary: keys[0]!, keys, configured: Boolean(configured), production: env.NODE_ENV === "production" };
    })();
    ring.catch(() => rings.delete(db));
    rings.set(db, ring);
  }
  return ring;
}

/** Tests: forget the cached ring of a database (after changing the environment). */
export function forgetSecretKeyRing(db: Database): void {
  rings.delete(db);
}
