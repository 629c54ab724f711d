CREATE TABLE "ai_conversation_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appid" text NOT NULL,
	"conversation_id" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_conversation_pins_user_app_conversation_key" ON "ai_conversation_pins" USING btree ("user_id","appid","conversation_id");