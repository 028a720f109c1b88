DROP INDEX "conversations_open_idx";--> statement-breakpoint
CREATE INDEX "conversations_open_started_idx" ON "conversations" USING btree ("started_at") WHERE "conversations"."ended_at" is null;