ALTER TABLE "model_messages" ADD COLUMN "parent_message_id" uuid;--> statement-breakpoint
ALTER TABLE "dify_demo"."messages" ADD COLUMN "parent_message_id" uuid;--> statement-breakpoint
ALTER TABLE "dify_demo"."messages" ADD COLUMN "feedback_content" text;--> statement-breakpoint
-- Messages stored before threads follow the previous one in time: Dify's legacy marker (UUID_NIL).
UPDATE "model_messages" SET "parent_message_id" = '00000000-0000-0000-0000-000000000000';--> statement-breakpoint
UPDATE "dify_demo"."messages" SET "parent_message_id" = '00000000-0000-0000-0000-000000000000' WHERE "conversation_id" IS NOT NULL;
