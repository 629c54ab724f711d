CREATE SCHEMA "dify_demo";
--> statement-breakpoint
CREATE TABLE "ai_apps" (
	"appid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '💬' NOT NULL,
	"upstream_base_url" text NOT NULL,
	"upstream_secret_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_apps_appid_format" CHECK ("ai_apps"."appid" ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "ai_apps_kind" CHECK ("ai_apps"."kind" in ('chat', 'workflow', 'completion'))
);
--> statement-breakpoint
CREATE TABLE "ai_usage_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message_id" text,
	"workflow_run_id" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dify_demo"."conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"name" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "dify_demo"."files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dify_demo"."messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"app_id" text NOT NULL,
	"end_user" text NOT NULL,
	"conversation_id" uuid,
	"query" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"error" text,
	"feedback" text,
	"message_tokens" integer DEFAULT 0 NOT NULL,
	"answer_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_usage_events_message_id_key" ON "ai_usage_events" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_usage_events_workflow_run_id_key" ON "ai_usage_events" USING btree ("workflow_run_id");--> statement-breakpoint
CREATE INDEX "ai_usage_events_user_created_idx" ON "ai_usage_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "dify_demo_conversations_owner_idx" ON "dify_demo"."conversations" USING btree ("app_id","end_user","updated_at");--> statement-breakpoint
CREATE INDEX "dify_demo_messages_conversation_idx" ON "dify_demo"."messages" USING btree ("conversation_id","seq");