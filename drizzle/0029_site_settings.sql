-- Compliance settings (src/features/compliance): the console's 站点设置 overrides of SITE_ICP_NUMBER,
-- SITE_PSB_NUMBER, SITE_GENAI_FILING and REQUIRE_PHONE_FOR_AI, one row a key; and each app's own
-- 生成式人工智能服务 备案 / 登记 information, shown on its page.
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_apps" ADD COLUMN "genai_filing" text DEFAULT '' NOT NULL;
