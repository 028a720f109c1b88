-- The users search's trigram index (pg_trgm ships with PostgreSQL and is trusted: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"ip_address" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "staff_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbots" ADD COLUMN "staff_disabled_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
CREATE INDEX "admin_logs_created_idx" ON "admin_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_logs_admin_idx" ON "admin_logs" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_logs_action_idx" ON "admin_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "admin_logs_target_idx" ON "admin_logs" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "chatbots_created_idx" ON "chatbots" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);--> statement-breakpoint
-- The audit log is append-only for everyone who can reach the database through the app: no route
-- and no bug can edit or remove what a staff member did.
CREATE FUNCTION "admin_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_logs is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_logs_no_update_delete" BEFORE UPDATE OR DELETE ON "admin_logs"
  FOR EACH ROW EXECUTE FUNCTION "admin_logs_append_only"();--> statement-breakpoint
CREATE TRIGGER "admin_logs_no_truncate" BEFORE TRUNCATE ON "admin_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_logs_append_only"();
