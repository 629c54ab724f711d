-- Content safety (src/features/content-safety): answers cut while streaming, so the AI proxy hides
-- the upstream's stored copy when a conversation's history is read back.
CREATE TABLE "moderation_blocked_answers" (
	"appid" text NOT NULL,
	"message_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_blocked_answers_appid_message_id_pk" PRIMARY KEY("appid","message_id")
);
--> statement-breakpoint
CREATE INDEX "moderation_blocked_answers_user_idx" ON "moderation_blocked_answers" USING btree ("user_id");
