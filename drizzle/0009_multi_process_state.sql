CREATE TABLE "auth"."rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_running_tasks" (
	"task_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"appid" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_running_tasks_expires_at" ON "ai_running_tasks" USING btree ("expires_at");