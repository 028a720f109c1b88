CREATE TABLE "widget_refused_origins" (
	"bot_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refusals" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "widget_refused_origins_bot_id_origin_pk" PRIMARY KEY("bot_id","origin")
);
--> statement-breakpoint
ALTER TABLE "widget_refused_origins" ADD CONSTRAINT "widget_refused_origins_bot_id_chatbots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "widget_refused_origins" ("bot_id", "origin", "first_seen_at", "last_seen_at")
SELECT "id", "last_refused_origin", "last_refused_at", "last_refused_at" FROM "chatbots"
WHERE "last_refused_origin" IS NOT NULL AND "last_refused_at" IS NOT NULL;
