CREATE TABLE "invitations" (
	"invitee_id" uuid PRIMARY KEY NOT NULL,
	"inviter_id" uuid NOT NULL,
	"ip" text,
	"phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"inviter_reward_fen" integer DEFAULT 0 NOT NULL,
	"invitee_reward_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "invitations_not_self" CHECK ("invitations"."invitee_id" <> "invitations"."inviter_id"),
	CONSTRAINT "invitations_status" CHECK (status in ('pending', 'rewarded', 'refused')),
	CONSTRAINT "invitations_rewards_not_negative" CHECK ("invitations"."inviter_reward_fen" >= 0 and "invitations"."invitee_reward_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_ip_idx" ON "invitations" USING btree ("ip","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_rewarded_phone_key" ON "invitations" USING btree ("phone") WHERE "invitations"."status" = 'rewarded';--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_key" ON "invite_codes" USING btree ("code");