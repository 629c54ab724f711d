CREATE TABLE "model_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"appid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"model" text NOT NULL,
	"query" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"error" text,
	"feedback" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"usage_estimated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_apps" ADD COLUMN "model_settings" jsonb;--> statement-breakpoint
ALTER TABLE "ai_usage_events" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "ai_usage_events" ADD COLUMN "estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "model_messages" ADD CONSTRAINT "model_messages_conversation_id_model_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."model_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_conversations_owner_idx" ON "model_conversations" USING btree ("user_id","appid","updated_at");--> statement-breakpoint
CREATE INDEX "model_files_owner_idx" ON "model_files" USING btree ("user_id","appid");--> statement-breakpoint
CREATE INDEX "model_messages_conversation_idx" ON "model_messages" USING btree ("conversation_id","seq");