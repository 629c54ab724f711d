CREATE TABLE "moderation_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appid" text NOT NULL,
	"stage" text NOT NULL,
	"provider" text NOT NULL,
	"label" text NOT NULL,
	"excerpt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_words_entry_unique" UNIQUE("entry")
);
--> statement-breakpoint
CREATE INDEX "moderation_hits_created_at_idx" ON "moderation_hits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_hits_user_idx" ON "moderation_hits" USING btree ("user_id","created_at");