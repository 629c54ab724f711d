import type { PGlite } from "@electric-sql/pglite";
import type { AuthSessionRow, Database } from "@/lib/db";
import { isSharedDatabase } from "@/lib/db/cluster-events";
import { preparedQueries } from "./prepared-queries";
import { loadUserBundle, type UserBundle } from "./users";

/** Channel of migration 0026's triggers: the id of a user whose row, identities, factors or sessions changed. */
export const USER_CHANGED_CHANNEL = "spark_auth_user_changed";

/** What every signed-in request reads: the user (with identities and factors) and the token's session. */
export interface SignedInRows {
  bundle(userId: string): Promise<UserBundle | undefined>;
  /** The user and, when `sessionId` (a UUID) is given, that session if it is this user's: one statement. */
  signedIn(userId: string, sessionId?: string): Promise<{ bundle?: UserBundle; session?: AuthSessionRow }>;
}

export type SignedInCacheOptions = {
  /** Backstop only: entries are dropped on the change notification, at the latest after this (ms). */
  ttlMs?: number;
  /** Bound on cached users (the oldest goes first). */
  maxUsers?: number;
};

type Entry = { bundle?: UserBundle; sessions: Map<string, AuthSessionRow>; expiresAt: number };

/** Straight from the database (prepared statements): PostgreSQL, where other processes write too. */
function uncached(db: Database): SignedInRows {
  return {
    bundle: (userId) => loadUserBundle(db, userId),
    async signedIn(userId, sessionId) {
      if (sessionId === undefined) return { bundle: await loadUserBundle(db, userId) };
      const found = await preparedQueries(db).userBundleWithSession.execute({ userId, sessionId });
      if (!found) return {};
      const { identities, factors, sessions, ...user } = found;
      return { bundle: { user, identities, factors }, session: sessions[0] };
    },
  };
}

/** The PGlite client under `db`, when `db` is one process's embedded database. */
function embeddedClient(db: Database): PGlite | undefined {
  if (isSharedDatabase(db)) return undefined;
  const client = (db as unknown as { $client?: Partial<PGlite> }).$client;
  return typeof client?.listen === "function" ? (client as PGlite) : undefined;
}

/**
 * The rows of `SignedInRows` kept in memory on PGlite, where each query costs about a millisecond of
 * this process's only thread (PGlite parses and plans every statement): GET /user was two of them.
 * Exact, not a window: PGlite has exactly one process (the data-dir lock), and migration 0026's
 * triggers notify every committed change to a user's rows, whoever made it; the notification drops
 * the user's entry before the writer's own code continues. A load that raced a change is not kept
 * (the generation below). Absent rows are never cached. On PostgreSQL every call reads the database
 * (one statement for the user and the session): other processes write there, and cluster messages
 * may be lost (src/lib/db/cluster-events.ts).
 */
export async function createSignedInRows(db: Database, options: SignedInCacheOptions = {}): Promise<SignedInRows> {
  const direct = uncached(db);
  const client = embeddedClient(db);
  if (!client) return direct;
  const ttlMs = options.ttlMs ?? 60_000;
  const maxUsers = options.maxUsers ?? 10_000;
  const entries = new Map<string, Entry>();
  /** Bumped on every change: a load that started before one may hold old rows and is not stored. */
  let generation = 0;

  await client.listen(USER_CHANGED_CHANNEL, (userId) => {
    generation += 1;
    entries.delete(userId);
  });

  const entryOf = (userId: string): Entry | undefined => {
    const entry = entries.get(userId);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(userId);
      return undefined;
    }
    return entry;
  };
  const store = (userId: string, startedAt: number, update: (entry: Entry) => void) => {
    if (generation !== startedAt) return;
    let entry = entryOf(userId);
    if (!entry) {
      while (entries.size >= maxUsers) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entry = { sessions: new Map(), expiresAt: Date.now() + ttlMs };
      entries.set(userId, entry);
    }
    update(entry);
  };
  return {
    async bundle(userId) {
      const cached = entryOf(userId)?.bundle;
      if (cached) return cached;
      const startedAt = generation;
      const bundle = await direct.bundle(userId);
      if (bundle) store(userId, startedAt, (entry) => (entry.bundle = bundle));
      return bundle;
    },
    async signedIn(userId, sessionId) {
      const entry = entryOf(userId);
      const session = sessionId === undefined ? undefined : entry?.sessions.get(sessionId);
      if (entry?.bundle && (sessionId === undefined || session)) return { bundle: entry.bundle, session };
      const startedAt = generation;
      const found = await direct.signedIn(userId, sessionId);
      if (found.bundle) {
        store(userId, startedAt, (stored) => {
          stored.bundle = found.bundle;
          if (sessionId !== undefined && found.session) stored.sessions.set(sessionId, found.session);
        });
      }
      return found;
    },
  };
}
