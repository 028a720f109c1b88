CREATE TABLE "analytics" (
	"bot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"date" date GENERATED ALWAYS AS (((hour at time zone 'UTC')::date)) STORED NOT NULL,
	"total_conversations" integer DEFAULT 0 NOT NULL,
	"widget_conversations" integer DEFAULT 0 NOT NULL,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"total_leads_captured" integer DEFAULT 0 NOT NULL,
	"average_conversation_length" real GENERATED ALWAYS AS ((case when total_conversations > 0 then total_messages::real / total_conversations end)) STORED,
	"answered" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"responses" integer DEFAULT 0 NOT NULL,
	"response_ms_total" bigint DEFAULT 0 NOT NULL,
	"thumbs_up" integer DEFAULT 0 NOT NULL,
	"thumbs_down" integer DEFAULT 0 NOT NULL,
	"widget_loads" integer DEFAULT 0 NOT NULL,
	"widget_opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_bot_id_hour_pk" PRIMARY KEY("bot_id","hour")
);
--> statement-breakpoint
CREATE TABLE "analytics_answered_questions" (
	"bot_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"source_id" uuid,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_answered_questions_bot_id_question_key_pk" PRIMARY KEY("bot_id","question_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_breakdowns" (
	"bot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_breakdowns_bot_id_date_dimension_value_pk" PRIMARY KEY("bot_id","date","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_questions" (
	"bot_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"question_key" text NOT NULL,
	"question" text NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_unanswered_at" timestamp with time zone,
	CONSTRAINT "analytics_questions_bot_id_date_question_key_pk" PRIMARY KEY("bot_id","date","question_key")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "completion_tokens" integer;--> statement-breakpoint
ALTER TABLE "analytics" ADD CONSTRAINT "analytics_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics" ADD CONSTRAINT "analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_answered_questions" ADD CONSTRAINT "analytics_answered_questions_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_answered_questions" ADD CONSTRAINT "analytics_answered_questions_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_breakdowns" ADD CONSTRAINT "analytics_breakdowns_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_breakdowns" ADD CONSTRAINT "analytics_breakdowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_questions" ADD CONSTRAINT "analytics_questions_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_questions" ADD CONSTRAINT "analytics_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_user_hour_idx" ON "analytics" USING btree ("user_id","hour");--> statement-breakpoint
CREATE INDEX "analytics_breakdowns_user_idx" ON "analytics_breakdowns" USING btree ("user_id","dimension","date");--> statement-breakpoint
CREATE INDEX "analytics_questions_user_idx" ON "analytics_questions" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "messages_rated_idx" ON "messages" USING btree ("created_at") WHERE "messages"."feedback" is not null;--> statement-breakpoint
-- The owner's own preview chats are not visitors and are left out.
-- The rollups are written by the same statement that stores a conversation, message or lead, so
-- no code path can store one and forget to count it, and the figures are current the moment the
-- row is. Statement-level triggers aggregate what one statement wrote (one row for a chat turn,
-- thousands for an import) into one upsert per bot and hour.
CREATE FUNCTION "analytics_page"("url" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  -- A page is its address without query or fragment: those often carry visitors' tokens.
  SELECT left(split_part(split_part("url", '#', 1), '?', 1), 300)
$$;
--> statement-breakpoint
CREATE FUNCTION "analytics_count_conversations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics" ("bot_id", "user_id", "hour", "total_conversations", "widget_conversations")
  SELECT "bot_id", "user_id", date_trunc('hour', "started_at", 'UTC'), count(*),
    count(*) FILTER (WHERE "channel" = 'widget')
  FROM "new_conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2, 3
  ON CONFLICT ("bot_id", "hour") DO UPDATE SET
    "total_conversations" = "analytics"."total_conversations" + excluded."total_conversations",
    "widget_conversations" = "analytics"."widget_conversations" + excluded."widget_conversations";

  INSERT INTO "analytics_breakdowns" ("bot_id", "user_id", "date", "dimension", "value", "total")
  SELECT "bot_id", "user_id", ("started_at" AT TIME ZONE 'UTC')::date, "dimension", "value", count(*)
  FROM (
    SELECT "bot_id", "user_id", "started_at", 'language' AS "dimension", "language" AS "value"
    FROM "new_conversations" WHERE "language" IS NOT NULL AND "channel" <> 'preview'
    UNION ALL
    SELECT "bot_id", "user_id", "started_at", 'page', analytics_page("page_url")
    FROM "new_conversations" WHERE "page_url" IS NOT NULL AND "channel" <> 'preview'
  ) AS "keyed"
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT ("bot_id", "date", "dimension", "value") DO UPDATE
    SET "total" = "analytics_breakdowns"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_counted" AFTER INSERT ON "conversations"
REFERENCING NEW TABLE AS "new_conversations" FOR EACH STATEMENT
EXECUTE FUNCTION "analytics_count_conversations"();
--> statement-breakpoint
-- A conversation's language is often known only from the answer (finishTurn fills it in).
CREATE FUNCTION "analytics_count_language"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_breakdowns" ("bot_id", "user_id", "date", "dimension", "value", "total")
  VALUES (NEW."bot_id", NEW."user_id", (NEW."started_at" AT TIME ZONE 'UTC')::date, 'language',
    NEW."language", 1)
  ON CONFLICT ("bot_id", "date", "dimension", "value") DO UPDATE
    SET "total" = "analytics_breakdowns"."total" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_language_counted" AFTER UPDATE OF "language" ON "conversations"
FOR EACH ROW WHEN (OLD."language" IS NULL AND NEW."language" IS NOT NULL AND NEW."channel" <> 'preview')
EXECUTE FUNCTION "analytics_count_language"();
--> statement-breakpoint
CREATE FUNCTION "analytics_count_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics" ("bot_id", "user_id", "hour", "total_messages", "answered", "unanswered",
    "responses", "response_ms_total")
  SELECT c."bot_id", c."user_id", date_trunc('hour', m."created_at", 'UTC'), count(*),
    count(*) FILTER (WHERE m."role" = 'assistant' AND m."answered_from_knowledge"),
    -- A request to be contacted is answered with the lead form: not a gap in the knowledge.
    count(*) FILTER (WHERE m."role" = 'assistant' AND NOT coalesce(m."answered_from_knowledge", false)
      AND m."answerer" IS DISTINCT FROM 'contact_request'),
    count(m."latency_ms") FILTER (WHERE m."role" = 'assistant'),
    coalesce(sum(m."latency_ms") FILTER (WHERE m."role" = 'assistant'), 0)
  FROM "new_messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
  WHERE c."channel" <> 'preview'
  GROUP BY 1, 2, 3
  ON CONFLICT ("bot_id", "hour") DO UPDATE SET
    "total_messages" = "analytics"."total_messages" + excluded."total_messages",
    "answered" = "analytics"."answered" + excluded."answered",
    "unanswered" = "analytics"."unanswered" + excluded."unanswered",
    "responses" = "analytics"."responses" + excluded."responses",
    "response_ms_total" = "analytics"."response_ms_total" + excluded."response_ms_total";

  INSERT INTO "analytics_breakdowns" ("bot_id", "user_id", "date", "dimension", "value", "total",
    "prompt_tokens", "completion_tokens")
  SELECT c."bot_id", c."user_id", (m."created_at" AT TIME ZONE 'UTC')::date, 'answerer',
    m."answerer", count(*), coalesce(sum(m."prompt_tokens"), 0), coalesce(sum(m."completion_tokens"), 0)
  FROM "new_messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
  WHERE m."role" = 'assistant' AND m."answerer" IS NOT NULL AND c."channel" <> 'preview'
  GROUP BY 1, 2, 3, 5
  ON CONFLICT ("bot_id", "date", "dimension", "value") DO UPDATE SET
    "total" = "analytics_breakdowns"."total" + excluded."total",
    "prompt_tokens" = "analytics_breakdowns"."prompt_tokens" + excluded."prompt_tokens",
    "completion_tokens" = "analytics_breakdowns"."completion_tokens" + excluded."completion_tokens";

  -- An answer citing two passages of one document uses that document once.
  INSERT INTO "analytics_breakdowns" ("bot_id", "user_id", "date", "dimension", "value", "total")
  SELECT "bot_id", "user_id", "day", 'source', "source_id", count(*)
  FROM (
    SELECT DISTINCT c."bot_id", c."user_id", (m."created_at" AT TIME ZONE 'UTC')::date AS "day",
      m."id", s.value ->> 'sourceId' AS "source_id"
    FROM "new_messages" m JOIN "conversations" c ON c."id" = m."conversation_id",
      jsonb_array_elements(m."sources") AS s
    WHERE m."role" = 'assistant' AND s.value ->> 'sourceId' IS NOT NULL AND c."channel" <> 'preview'
  ) AS "cited"
  GROUP BY 1, 2, 3, 5
  ON CONFLICT ("bot_id", "date", "dimension", "value") DO UPDATE
    SET "total" = "analytics_breakdowns"."total" + excluded."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_counted" AFTER INSERT ON "messages"
REFERENCING NEW TABLE AS "new_messages" FOR EACH STATEMENT
EXECUTE FUNCTION "analytics_count_messages"();
--> statement-breakpoint
-- A visitor may change a rating; the hour of the rated answer keeps the current one.
CREATE FUNCTION "analytics_count_feedback"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics" ("bot_id", "user_id", "hour", "thumbs_up", "thumbs_down")
  SELECT c."bot_id", c."user_id", date_trunc('hour', NEW."created_at", 'UTC'),
    (NEW."feedback" IS NOT DISTINCT FROM 'up')::int - (OLD."feedback" IS NOT DISTINCT FROM 'up')::int,
    (NEW."feedback" IS NOT DISTINCT FROM 'down')::int - (OLD."feedback" IS NOT DISTINCT FROM 'down')::int
  FROM "conversations" c WHERE c."id" = NEW."conversation_id" AND c."channel" <> 'preview'
  ON CONFLICT ("bot_id", "hour") DO UPDATE SET
    "thumbs_up" = "analytics"."thumbs_up" + excluded."thumbs_up",
    "thumbs_down" = "analytics"."thumbs_down" + excluded."thumbs_down";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_feedback_counted" AFTER UPDATE OF "feedback" ON "messages"
FOR EACH ROW WHEN (OLD."feedback" IS DISTINCT FROM NEW."feedback")
EXECUTE FUNCTION "analytics_count_feedback"();
--> statement-breakpoint
-- A returning visitor's second form (same e-mail, same bot) updates the lead: not a new one.
CREATE FUNCTION "analytics_count_leads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics" ("bot_id", "user_id", "hour", "total_leads_captured")
  SELECT "bot_id", "user_id", date_trunc('hour', "created_at", 'UTC'), count(*)
  FROM "new_leads" GROUP BY 1, 2, 3
  ON CONFLICT ("bot_id", "hour") DO UPDATE
    SET "total_leads_captured" = "analytics"."total_leads_captured" + excluded."total_leads_captured";

  INSERT INTO "analytics_breakdowns" ("bot_id", "user_id", "date", "dimension", "value", "leads")
  SELECT l."bot_id", l."user_id", (l."created_at" AT TIME ZONE 'UTC')::date, 'page',
    analytics_page(c."page_url"), count(*)
  FROM "new_leads" l JOIN "conversations" c ON c."id" = l."conversation_id"
  WHERE c."page_url" IS NOT NULL
  GROUP BY 1, 2, 3, 5
  ON CONFLICT ("bot_id", "date", "dimension", "value") DO UPDATE
    SET "leads" = "analytics_breakdowns"."leads" + excluded."leads";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_counted" AFTER INSERT ON "leads"
REFERENCING NEW TABLE AS "new_leads" FOR EACH STATEMENT
EXECUTE FUNCTION "analytics_count_leads"();
--> statement-breakpoint
-- Conversations, messages and leads stored before this migration are counted once, here.
INSERT INTO "analytics" ("bot_id", "user_id", "hour", "total_conversations", "widget_conversations")
SELECT "bot_id", "user_id", date_trunc('hour', "started_at", 'UTC'), count(*),
  count(*) FILTER (WHERE "channel" = 'widget')
FROM "conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "analytics" ("bot_id", "user_id", "hour", "total_messages", "answered", "unanswered",
  "responses", "response_ms_total", "thumbs_up", "thumbs_down")
SELECT c."bot_id", c."user_id", date_trunc('hour', m."created_at", 'UTC'), count(*),
  count(*) FILTER (WHERE m."role" = 'assistant' AND m."answered_from_knowledge"),
  count(*) FILTER (WHERE m."role" = 'assistant' AND NOT coalesce(m."answered_from_knowledge", false)
    AND m."answerer" IS DISTINCT FROM 'contact_request'),
  count(m."latency_ms") FILTER (WHERE m."role" = 'assistant'),
  coalesce(sum(m."latency_ms") FILTER (WHERE m."role" = 'assistant'), 0),
  count(*) FILTER (WHERE m."feedback" = 'up'), count(*) FILTER (WHERE m."feedback" = 'down')
FROM "messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
WHERE c."channel" <> 'preview'
GROUP BY 1, 2, 3
ON CONFLICT ("bot_id", "hour") DO UPDATE SET
  "total_messages" = excluded."total_messages", "answered" = excluded."answered",
  "unanswered" = excluded."unanswered", "responses" = excluded."responses",
  "response_ms_total" = excluded."response_ms_total", "thumbs_up" = excluded."thumbs_up",
  "thumbs_down" = excluded."thumbs_down";
--> statement-breakpoint
INSERT INTO "analytics" ("bot_id", "user_id", "hour", "total_leads_captured")
SELECT "bot_id", "user_id", date_trunc('hour', "created_at", 'UTC'), count(*)
FROM "leads" GROUP BY 1, 2, 3
ON CONFLICT ("bot_id", "hour") DO UPDATE SET "total_leads_captured" = excluded."total_leads_captured";
