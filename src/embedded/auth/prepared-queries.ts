import { asc, eq, sql } from "drizzle-orm";
import { authIdentities, authMfaFactors, authSessions, authUsers, type Database } from "@/lib/db";

/** What a user is answered with: its identities and factors, oldest first. */
const userRelations = {
  identities: { orderBy: asc(authIdentities.createdAt) },
  factors: { orderBy: asc(authMfaFactors.createdAt) },
} as const;

/**
 * The queries every signed-in request runs (the user with identities, factors and the token's
 * session, in one statement; the user alone; a session by id),
 * built once per database: drizzle otherwise rebuilds their SQL on every call, which was most of
 * the auth service's CPU time on PostgreSQL. Named, so node-postgres also prepares them once per
 * connection. A transaction is another Database object: it gets its own (short-lived) set.
 */
function prepareQueries(db: Database) {
  return {
    userBundle: db.query.authUsers
      .findFirst({
        where: eq(authUsers.id, sql.placeholder("userId")),
        with: userRelations,
      })
      .prepare("auth_user_bundle"),
    userBundleWithSession: db.query.authUsers
      .findFirst({
        where: eq(authUsers.id, sql.placeholder("userId")),
        with: {
          ...userRelations,
          sessions: { where: eq(authSessions.id, sql.placeholder("sessionId")), limit: 1 },
        },
      })
      .prepare("auth_user_bundle_with_session"),
    sessionById: db.select().from(authSessions).where(eq(authSessions.id, sql.placeholder("sessionId"))).prepare("auth_session_by_id"),
  };
}

const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareQueries>>();

export function preparedQueries(db: Database): ReturnType<typeof prepareQueries> {
  let prepared = preparedByDatabase.get(db);
  if (!prepared) {
    prepared = prepareQueries(db);
    preparedByDatabase.set(db, prepared);
  }
  return prepared;
}
