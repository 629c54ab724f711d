import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Public profile of a signed-in user. `id` is the auth user's id; there is deliberately no foreign
 * key, so the auth tables can live elsewhere (or be added later) without touching this table.
 */
export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey(),
  displayName: text("display_name"),
  avatarUrl: text("avatar_url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
