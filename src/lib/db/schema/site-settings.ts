import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Operator settings changed in the console (站点设置) without a restart: one row a key (e.g.
 * `site.icp_number`, `ai.require_phone`); a key without a row falls back to its environment variable.
 * Read and written by src/features/compliance (filings, phone rule) and src/features/content-safety
 * (`moderation.ban_*`, the repeated-hit ban).
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: uuid("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SiteSettingRow = typeof siteSettings.$inferSelect;
