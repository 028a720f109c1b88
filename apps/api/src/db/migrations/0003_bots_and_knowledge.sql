CREATE TABLE "chatbots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tone" text DEFAULT 'professional' NOT NULL,
	"goal" text DEFAULT 'lead_generation' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"starter_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fallback_message" text DEFAULT '' NOT NULL,
	"widget_config" jsonb NOT NULL,
	"index_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"page_id" uuid,
	"ordinal" integer NOT NULL,
	"heading" text,
	"text" text NOT NULL,
	"page_number" integer,
	"url" text,
	"terms" jsonb NOT NULL,
	"token_count" integer NOT NULL,
	"question" text,
	"weight" real DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage" text DEFAULT 'uploaded' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"document_type" text,
	"size_bytes" bigint,
	"storage_path" text,
	"content_hash" text,
	"indexed_hash" text,
	"url" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sync_schedule" text,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"page_count" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"status" text NOT NULL,
	"detail" text,
	"content_hash" text,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_page_id_website_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."website_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbots_user_id_idx" ON "chatbots" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_bot_idx" ON "knowledge_chunks" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_source_idx" ON "knowledge_chunks" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_bot_idx" ON "knowledge_sources" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_user_idx" ON "knowledge_sources" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_sources_next_sync_idx" ON "knowledge_sources" USING btree ("next_sync_at");--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_source_url_idx" ON "website_pages" USING btree ("source_id","url");