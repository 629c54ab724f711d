-- Issue 36 item 4: the API keys' 调用日志 (one row per /v1 call, refusals included), and the request id on
-- usage rows so a logged call finds its tokens and cost.
CREATE TABLE "api_call_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"model" text,
	"appid" text,
	"status" integer NOT NULL,
	"error_code" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_usage_events" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "api_call_logs_user_created_idx" ON "api_call_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "api_call_logs_key_created_idx" ON "api_call_logs" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "api_call_logs_created_at_idx" ON "api_call_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_usage_events_request_id_idx" ON "ai_usage_events" USING btree ("request_id") WHERE "ai_usage_events"."request_id" is not null;