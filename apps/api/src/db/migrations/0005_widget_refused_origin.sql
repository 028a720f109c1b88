ALTER TABLE "chatbots" ADD COLUMN "last_refused_origin" text;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "last_refused_at" timestamp with time zone;