CREATE TABLE "conversation_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"appid" text NOT NULL,
	"conversation_id" text NOT NULL,
	"app_name" text NOT NULL,
	"title" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_shares_token_key" ON "conversation_shares" USING btree ("token");--> statement-breakpoint
CREATE INDEX "conversation_shares_user_app_idx" ON "conversation_shares" USING btree ("user_id","appid") WHERE "conversation_shares"."revoked_at" is null;