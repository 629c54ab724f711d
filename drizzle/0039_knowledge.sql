-- 知识库 and 文档对话 (issue 37): bases (a user's, or shared when user_id is null), their documents (or files
-- attached to a conversation: no base), the documents' chunks with segmented terms (BM25, GIN) and vectors
-- (real[]: no extension needed), and the shared bases operators attach to model apps.
CREATE TABLE "knowledge_bases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"base_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text,
	"source_url" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'parsing' NOT NULL,
	"failure_reason" text,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"content" text NOT NULL,
	"page" integer,
	"section" text,
	"terms" text[] NOT NULL,
	"embedding" real[],
	"embedding_model" text
);
--> statement-breakpoint
CREATE TABLE "knowledge_app_bases" (
	"appid" text NOT NULL,
	"base_id" uuid NOT NULL,
	CONSTRAINT "knowledge_app_bases_appid_base_id_pk" PRIMARY KEY("appid","base_id")
);
--> statement-breakpoint
ALTER TABLE "knowledge_documents" ADD CONSTRAINT "knowledge_documents_base_id_knowledge_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_app_bases" ADD CONSTRAINT "knowledge_app_bases_base_id_knowledge_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."knowledge_bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_bases_user_idx" ON "knowledge_bases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_documents_base_idx" ON "knowledge_documents" USING btree ("base_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_documents_user_idx" ON "knowledge_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_document_idx" ON "knowledge_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_terms_idx" ON "knowledge_chunks" USING gin ("terms");
