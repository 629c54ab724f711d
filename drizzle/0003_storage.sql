CREATE TABLE "storage"."buckets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" text,
	"public" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'STANDARD' NOT NULL,
	"file_size_limit" bigint,
	"allowed_mime_types" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage"."objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket_id" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" text,
	"version" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"etag" text NOT NULL,
	"cache_control" text NOT NULL,
	"user_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage"."objects" ADD CONSTRAINT "objects_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "storage"."buckets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "objects_bucket_id_name_key" ON "storage"."objects" USING btree ("bucket_id","name");--> statement-breakpoint
CREATE INDEX "objects_bucket_id_name_c_idx" ON "storage"."objects" USING btree ("bucket_id","name" collate "C");