-- Model-app answers grounded on sources (issue 37): the passages an answer was given (knowledge-base
-- chunks, attached documents, web results), shown as 引用 with the message, its share page and exports.
ALTER TABLE "model_messages" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Each 联网搜索 a question ran: counted on the operator's usage page.
CREATE TABLE "web_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"appid" text NOT NULL,
	"provider" text NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_searches_created_at_idx" ON "web_searches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "web_searches_user_idx" ON "web_searches" USING btree ("user_id","created_at");
