CREATE TABLE "ai_usage_daily" (
	"day" date NOT NULL,
	"appid" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_daily_day_appid_model_pk" PRIMARY KEY("day","appid","model")
);
--> statement-breakpoint
CREATE TABLE "ai_usage_monthly_user" (
	"month" date NOT NULL,
	"user_id" uuid NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_monthly_user_month_user_id_pk" PRIMARY KEY("month","user_id")
);
--> statement-breakpoint
DROP INDEX "ai_usage_events_created_at_cover_idx";--> statement-breakpoint
CREATE INDEX "ai_usage_monthly_user_user_idx" ON "ai_usage_monthly_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_usage_events_created_at_idx" ON "ai_usage_events" USING btree ("created_at");--> statement-breakpoint
-- The rollups are kept by the database: statement-level triggers with transition tables, so every
-- writer (the proxy's recording and its batched inserts, seeders, tests) updates them in the same
-- statement and transaction as its rows, and an ON CONFLICT DO NOTHING repeat adds nothing (only
-- inserted rows are in new_rows). Days and months are China time: 'Asia/Shanghai' is the code's
-- PRODUCT_TIME_ZONE (src/features/billing/calendar.ts). Upserts go in key order so concurrent
-- statements lock shared rollup rows in the same order.
CREATE FUNCTION "ai_usage_rollup_add"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO ai_usage_daily AS d (day, appid, model, tokens, calls)
    SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date, appid, coalesce(model, ''), sum(total_tokens), count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (day, appid, model) DO UPDATE SET tokens = d.tokens + excluded.tokens, calls = d.calls + excluded.calls;
  INSERT INTO ai_usage_monthly_user AS m (month, user_id, tokens, calls)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, sum(total_tokens), count(*)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (month, user_id) DO UPDATE SET tokens = m.tokens + excluded.tokens, calls = m.calls + excluded.calls;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleted (or the old side of updated) rows are subtracted; a rollup row left with no calls goes,
-- so the report shows exactly the groups the remaining events have.
CREATE FUNCTION "ai_usage_rollup_remove"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM 1 FROM ai_usage_daily d
    WHERE (d.day, d.appid, d.model) IN (SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date, appid, coalesce(model, '') FROM old_rows)
    ORDER BY d.day, d.appid, d.model FOR UPDATE;
  UPDATE ai_usage_daily d SET tokens = d.tokens - o.tokens, calls = d.calls - o.calls
    FROM (SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, appid, coalesce(model, '') AS model, sum(total_tokens) AS tokens, count(*) AS calls
          FROM old_rows GROUP BY 1, 2, 3) o
    WHERE d.day = o.day AND d.appid = o.appid AND d.model = o.model;
  DELETE FROM ai_usage_daily d
    WHERE d.calls <= 0 AND (d.day, d.appid, d.model) IN (SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date, appid, coalesce(model, '') FROM old_rows);
  PERFORM 1 FROM ai_usage_monthly_user m
    WHERE (m.month, m.user_id) IN (SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id FROM old_rows)
    ORDER BY m.month, m.user_id FOR UPDATE;
  UPDATE ai_usage_monthly_user m SET tokens = m.tokens - o.tokens, calls = m.calls - o.calls
    FROM (SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Shanghai')::date AS month, user_id, sum(total_tokens) AS tokens, count(*) AS calls
          FROM old_rows GROUP BY 1, 2) o
    WHERE m.month = o.month AND m.user_id = o.user_id;
  DELETE FROM ai_usage_monthly_user m
    WHERE m.calls <= 0 AND (m.month, m.user_id) IN (SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ai_usage_rollup_clear"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  TRUNCATE ai_usage_daily, ai_usage_monthly_user;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ai_usage_events_rollup_insert" AFTER INSERT ON "ai_usage_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_rollup_add"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_events_rollup_delete" AFTER DELETE ON "ai_usage_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_rollup_remove"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_events_rollup_update_old" AFTER UPDATE ON "ai_usage_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_rollup_remove"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_events_rollup_update_new" AFTER UPDATE ON "ai_usage_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_rollup_add"();--> statement-breakpoint
CREATE TRIGGER "ai_usage_events_rollup_truncate" AFTER TRUNCATE ON "ai_usage_events" FOR EACH STATEMENT EXECUTE FUNCTION "ai_usage_rollup_clear"();--> statement-breakpoint
-- Backfill after the triggers exist: CREATE TRIGGER holds a lock that makes concurrent inserts wait
-- for this transaction, so every committed row is counted once — here or by the trigger later.
INSERT INTO "ai_usage_daily" (day, appid, model, tokens, calls)
  SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date, appid, coalesce(model, ''), sum(total_tokens), count(*)
  FROM "ai_usage_events" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "ai_usage_monthly_user" (month, user_id, tokens, calls)
  SELECT date_trunc('month', created_at AT TIME ZONE 'Asia/Shanghai')::date, user_id, sum(total_tokens), count(*)
  FROM "ai_usage_events" GROUP BY 1, 2;
