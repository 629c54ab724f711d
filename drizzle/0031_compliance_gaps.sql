-- Issue 33 follow-ups: answers cut by content safety (the AI proxy hides the upstream's stored copy when
-- the history is read back), and 下载我的数据 built in the background for large accounts (the ZIP kept
-- for its signed, expiring link).
CREATE TABLE "personal_data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"zip" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_blocked_answers" (
	"appid" text NOT NULL,
	"message_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_blocked_answers_appid_message_id_pk" PRIMARY KEY("appid","message_id")
);
--> statement-breakpoint
CREATE INDEX "personal_data_exports_user_idx" ON "personal_data_exports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_data_exports_expires_idx" ON "personal_data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "moderation_blocked_answers_user_idx" ON "moderation_blocked_answers" USING btree ("user_id");