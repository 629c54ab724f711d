CREATE TABLE "auth"."sms_daily_counts" (
	"day" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."mfa_challenges" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."one_time_tokens" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;