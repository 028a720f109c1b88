CREATE TABLE "widget_presence" (
	"bot_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"user_id" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_presence_bot_id_visitor_id_pk" PRIMARY KEY("bot_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "widget_presence" ADD CONSTRAINT "widget_presence_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_presence" ADD CONSTRAINT "widget_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_presence_user_seen_idx" ON "widget_presence" USING btree ("user_id","last_seen_at");--> statement-breakpoint
-- A conversation that ends (reset by the visitor, or gone quiet) is heard too, so a dashboard's
-- 'Active Chats' falls at once (0007 published only new conversations and messages).
DROP TRIGGER "conversations_notify_updated" ON "conversations";
--> statement-breakpoint
CREATE TRIGGER "conversations_notify_updated"
AFTER INSERT OR UPDATE OF "message_count", "last_message_at", "ended_at" ON "conversations"
FOR EACH ROW EXECUTE FUNCTION "notify_conversation_updated"();
