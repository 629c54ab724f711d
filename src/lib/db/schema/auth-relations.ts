import { relations } from "drizzle-orm";
import { authIdentities, authMfaFactors, authUsers } from "./auth";

// Relations let `db.query` load a user with identities and factors in one SQL statement: the
// embedded auth service does that on every authenticated request (see loadUserBundle).
export const authUserRelations = relations(authUsers, ({ many }) => ({
  identities: many(authIdentities),
  factors: many(authMfaFactors),
}));

export const authIdentityRelations = relations(authIdentities, ({ one }) => ({
  user: one(authUsers, { fields: [authIdentities.userId], references: [authUsers.id] }),
}));

export const authMfaFactorRelations = relations(authMfaFactors, ({ one }) => ({
  user: one(authUsers, { fields: [authMfaFactors.userId], references: [authUsers.id] }),
}));
