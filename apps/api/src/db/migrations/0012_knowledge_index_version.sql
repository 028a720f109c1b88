-- A bot's index version (the key of its in-memory index cache) changes with its chunks, in the
-- same transaction, whatever writes them: no code path can change the knowledge and forget to
-- say so, and only the bots module writes the chatbots table itself.
CREATE FUNCTION "bump_bot_index_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chatbots" SET "index_version" = "index_version" + 1
  WHERE "id" IN (SELECT DISTINCT "bot_id" FROM "changed_chunks");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "knowledge_chunks_inserted" AFTER INSERT ON "knowledge_chunks"
REFERENCING NEW TABLE AS "changed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_index_version"();
--> statement-breakpoint
CREATE TRIGGER "knowledge_chunks_updated" AFTER UPDATE ON "knowledge_chunks"
REFERENCING NEW TABLE AS "changed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_index_version"();
--> statement-breakpoint
CREATE TRIGGER "knowledge_chunks_deleted" AFTER DELETE ON "knowledge_chunks"
REFERENCING OLD TABLE AS "changed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_bot_index_version"();
