-- The bot owner's open dashboards hear about new conversations and messages at once: each change
-- is published on the channel the API instances already relay to their sockets
-- (plugins/realtime.ts, 'askwell_realtime'), whichever process wrote it.
CREATE OR REPLACE FUNCTION "notify_conversation_updated"() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('askwell_realtime', json_build_object(
    'userId', NEW.user_id,
    'event', 'conversations:updated',
    'payload', json_build_object('conversationId', NEW.id, 'botId', NEW.bot_id)
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "conversations_notify_updated"
AFTER INSERT OR UPDATE OF "message_count", "last_message_at" ON "conversations"
FOR EACH ROW EXECUTE FUNCTION "notify_conversation_updated"();
