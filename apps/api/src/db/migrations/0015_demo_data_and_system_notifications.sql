CREATE TABLE "system_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"key" text,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"audience_tier" text,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_seeded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_notifications_user_key_idx" ON "system_notifications" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "system_notifications_open_idx" ON "system_notifications" USING btree ("user_id","updated_at") WHERE resolved_at is null;--> statement-breakpoint
-- Accounts that exist before demo data do not start over with a demo bot.
UPDATE "users" SET "demo_seeded_at" = now();
