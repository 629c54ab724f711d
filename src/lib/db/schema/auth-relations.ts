import { relations } from "drizzle-orm";
import { authIdentities, authMfaFactors, authSessions, authUsers } from "./auth";

// Relations let `db.query` load a user with identities, factors (and the token's session) in one SQL
// statement: the embedded auth service does that on every authenticated request (see loadUserBundle
// and src/embedded/auth/prepared-queries.ts).
export const authUserRelations = relations(authUsers, ({ many }) => ({
  identities: many(authIdentities),
  factors: many(authMfaFactors),
  sessions: many(authSessions),
}));

export const authSessionRelations = relations(authSessions, ({ one }) => ({
  user: one(authUsers, { fields: [authSessions.userId], references: [authUsers.id] }),
}));

export const authIdentityRelations = relations(authIdentities, ({ one }) => ({
  user: one(authUsers, { fields: [authIdentities.userId], references: [authUsers.id] }),
}));

export const authMfaFactorRelations = relations(authMfaFactors, ({ one }) => ({
  user: one(authUsers, { fields: [authMfaFactors.userId], references: [authUsers.id] }),
}));
