-- Issue 35: a 兑换码 batch may give a plan for N days (kind 'plan', plan_id; value = days); each
-- redemption keeps what it gave (「专业版 30 天」) for the user's 兑换记录; invitations remember the
-- browser's device id (the spark-device cookie) for the per-device bound.
ALTER TABLE "redeem_batches" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "redeem_batches" ADD CONSTRAINT "redeem_batches_plan_kind" CHECK (("redeem_batches"."kind" = 'plan') = ("redeem_batches"."plan_id" is not null));--> statement-breakpoint
ALTER TABLE "redeem_redemptions" ADD COLUMN "granted" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "redeem_redemptions_user_idx" ON "redeem_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "invitations_device_idx" ON "invitations" USING btree ("device_id","settled_at");
