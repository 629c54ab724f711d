ALTER TABLE "ai_apps" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_apps" ADD COLUMN "managed_by" text DEFAULT 'config' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_apps" ADD CONSTRAINT "ai_apps_managed_by" CHECK ("ai_apps"."managed_by" in ('config', 'console'));