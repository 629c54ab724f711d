ALTER TABLE "api_keys" ADD COLUMN "allowed_ips" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "requests_per_minute" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "seen_networks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD COLUMN "api_requests_per_minute" integer DEFAULT 60 NOT NULL;