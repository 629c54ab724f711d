CREATE TABLE "billing_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_price_fen" integer NOT NULL,
	"yearly_price_fen" integer NOT NULL,
	"monthly_token_quota" integer NOT NULL,
	"storage_bytes" bigint NOT NULL,
	"max_concurrent_ai_calls" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"stripe_month_price_id" text,
	"stripe_year_price_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_prices_check" CHECK ("billing_plans"."monthly_price_fen" >= 0 and "billing_plans"."yearly_price_fen" >= 0),
	CONSTRAINT "billing_plans_free_visible_check" CHECK ("billing_plans"."id" <> 'free' or "billing_plans"."visible")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_token_quota" integer;