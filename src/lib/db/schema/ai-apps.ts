import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The AI app registry: one row per Dify app the product offers. `upstreamSecretKey` is the app's
 * Dify key, stored encrypted (`v1:iv:tag:ciphertext`, src/features/ai-apps/server/secrets.ts) like the
 * providers' keys inside `modelSettings`; it must never reach a browser — only
 * src/features/ai-apps/server reads it.
 */
export const aiApps = pgTable(
  "ai_apps",
  {
    /** Our own id, used in URLs (`/ai/chat/<appid>`) and in `?appid=` on proxy calls. */
    appid: text("appid").primaryKey(),
    kind: text("kind", { enum: ["chat", "workflow", "completion"] }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** The app's 生成式人工智能服务 备案 / 登记 information, shown on its page ("" when none is given). */
    genaiFiling: text("genai_filing").notNull().default(""),
    /** An emoji or a lucide icon name. */
    icon: text("icon").notNull().default("💬"),
    /** Dify base URL ending in /v1, or `embedded:dify` for the in-process demo server. */
    upstreamBaseUrl: text("upstream_base_url").notNull(),
    upstreamSecretKey: text("upstream_secret_key").notNull(),
    /**
     * Model apps only (`upstream_base_url` = `embedded:models`): provider(s) with their keys, models,
     * prompt and defaults, as `ModelAppSettings` (src/features/ai-models). Server-side only.
     */
    modelSettings: jsonb("model_settings").$type<unknown>(),
    enabled: boolean("enabled").notNull().default(true),
    /** Order of the user-facing app lists (ascending, then appid); set in the operator console. */
    position: integer("position").notNull().default(0),
    /**
     * Who owns the row: `config` rows follow the configuration file on every start; a row added or
     * edited in the operator console is `console`-owned and the configuration no longer touches it.
     */
    managedBy: text("managed_by", { enum: ["config", "console"] }).notNull().default("config"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check("ai_apps_appid_format", sql`${table.appid} ~ '^[A-Za-z0-9_-]{1,64}$'`),
    check("ai_apps_kind", sql`${table.kind} in ('chat', 'workflow', 'completion')`),
    check("ai_apps_managed_by", sql`${table.managedBy} in ('config', 'console')`),
  ],
);

export type AiAppRow = typeof aiApps.$inferSelect;
export type NewAiAppRow = typeof aiApps.$inferInsert;

/**
 * Which user started which upstream (Dify) task, while it may still run: a stop is forwarded only for
 * the user who started the task. In the database so a stop that reaches another app process than the
 * one relaying the stream is still recognised (with PGlite, one process, the proxy keeps it in memory).
 */
export const aiRunningTasks = pgTable(
  "ai_running_tasks",
  {
    taskId: text("task_id").primaryKey(),
    userId: uuid("user_id").notNull(),
    appid: text("appid").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("ai_running_tasks_expires_at").on(table.expiresAt)],
);
