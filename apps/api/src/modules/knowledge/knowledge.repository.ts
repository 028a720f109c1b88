import type { SourceStatus } from '@askwell/shared';
import { and, asc, desc, eq, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { escapeLike, inUuids } from '../../db/query-helpers';
import {
  chatbots,
  knowledgeChunks,
  knowledgeSourceFiles,
  knowledgeSources,
  websitePages,
} from '../../db/schema';

export type SourceRow = typeof knowledgeSources.$inferSelect;
export type NewSource = typeof knowledgeSources.$inferInsert;
export type NewChunk = typeof knowledgeChunks.$inferInsert;
export type PageRow = typeof websitePages.$inferSelect;

// Names of an account's sources by id (the ids come from answers' citations).
export async function sourceNames(db: Database, userId: string, sourceIds: string[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select({ id: knowledgeSources.id, name: knowledgeSources.name })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.userId, userId), inArray(knowledgeSources.id, sourceIds)));
}

export async function insertSource(db: Executor, source: NewSource) {
  const [row] = await db.insert(knowledgeSources).values(source).returning();
  return row!;
}

// Held until the transaction ends, so uploads to one bot (files and archives) are counted and
// added one at a time.
export async function lockBotDocuments(tx: Executor, botId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${archiveLockNamespace}, hashtext(${botId}))`);
}
const archiveLockNamespace = 7_318_212;

// An uploaded document as it is added: the rest of its row starts at the table's defaults.
export type NewDocument = Required<
  Pick<NewSource, 'id' | 'botId' | 'userId' | 'name' | 'documentType' | 'sizeBytes' | 'contentHash'>
>;

// All or none: the documents one upload (or an archive's hundreds) adds, returned in the order
// given. One array a column: an archive's 500 rows built as a multi-row insert cost 30 ms of
// query building and 4,000 parameters, and the statement as a whole took four times as long.
export async function insertDocuments(db: Executor, documents: NewDocument[]) {
  if (documents.length === 0) return [];
  const column = <Key extends keyof NewDocument>(key: Key) =>
    sql.param(documents.map((document) => document[key]));
  await db.execute(sql`
    insert into ${knowledgeSources}
      (id, bot_id, user_id, kind, name, document_type, size_bytes, content_hash)
    select id, bot_id, user_id, 'document', name, document_type, size_bytes, content_hash
    from unnest(
      ${column('id')}::uuid[], ${column('botId')}::uuid[], ${column('userId')}::text[],
      ${column('name')}::text[], ${column('documentType')}::text[],
      ${column('sizeBytes')}::bigint[], ${column('contentHash')}::text[]
    ) as d(id, bot_id, user_id, name, document_type, size_bytes, content_hash)`);
  const rows = await db
    .select()
    .from(knowledgeSources)
    .where(
      inUuids(
        knowledgeSources.id,
        documents.map((document) => document.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return documents.map((document) => byId.get(document.id)!);
}

// Originals go in with their sources (same transaction). Several statements when they are large
// together: one statement's parameters are held in memory at once on both sides.
const originalsPerStatementBytes = 8 * 1024 * 1024;

export async function insertOriginals(
  tx: Executor,
  originals: Array<{ sourceId: string; content: Uint8Array }>,
) {
  let group: Array<{ sourceId: string; content: Uint8Array }> = [];
  let bytes = 0;
  // Two array parameters, as insertChunks does: an ORM insert of an archive's 500 files spent
  // more of the server's time building its 1,000-parameter statement than PostgreSQL took to
  // store them. The contents go as one binary bytea[]: as an array literal they were hex text,
  // twice their size, escaped and sent by the server's one thread.
  const flush = async () => {
    if (group.length === 0) return;
    const ids = sql.param(group.map((file) => file.sourceId));
    const contents = sql.param(binaryByteaArray(group.map((file) => file.content)));
    await tx.execute(
      sql`insert into ${knowledgeSourceFiles} (source_id, content) select * from unnest(${ids}::uuid[], ${contents}::bytea[])`,
    );
    group = [];
    bytes = 0;
  };
  for (const original of originals) {
    if (group.length > 0 && bytes + original.content.length > originalsPerStatementBytes) {
      await flush();
    }
    group.push(original);
    bytes += original.content.length;
  }
  await flush();
}

const byteaType = 17;

// A one-dimensional bytea[] in PostgreSQL's binary form (what array_recv reads): a Buffer
// parameter is sent in binary by node-postgres.
function binaryByteaArray(values: Uint8Array[]): Buffer {
  let length = 20;
  for (const value of values) length += 4 + value.byteLength;
  const encoded = Buffer.allocUnsafe(length);
  encoded.writeInt32BE(1, 0); // dimensions
  encoded.writeInt32BE(0, 4); // no nulls
  encoded.writeInt32BE(byteaType, 8);
  encoded.writeInt32BE(values.length, 12);
  encoded.writeInt32BE(1, 16); // lower bound
  let at = 20;
  for (const value of values) {
    encoded.writeInt32BE(value.byteLength, at);
    encoded.set(value, at + 4);
    at += 4 + value.byteLength;
  }
  return encoded;
}

// The originals of the sources asked for, by source id; a source without one is left out.
export async function readOriginals(db: Executor, sourceIds: string[]) {
  if (sourceIds.length === 0) return new Map<string, Buffer>();
  const rows = await db
    .select()
    .from(knowledgeSourceFiles)
    .where(inUuids(knowledgeSourceFiles.sourceId, sourceIds));
  return new Map(rows.map((row) => [row.sourceId, row.content]));
}

export async function listOwnedSources(db: Database, userId: string, botId?: string) {
  return db
    .select({ source: knowledgeSources, botName: chatbots.name })
    .from(knowledgeSources)
    .innerJoin(chatbots, eq(chatbots.id, knowledgeSources.botId))
    .where(
      and(
        eq(knowledgeSources.userId, userId),
        botId ? eq(knowledgeSources.botId, botId) : undefined,
      ),
    )
    .orderBy(desc(knowledgeSources.createdAt));
}

export async function findOwnedSource(db: Database, userId: string, sourceId: string) {
  const [row] = await db
    .select({ source: knowledgeSources, botName: chatbots.name })
    .from(knowledgeSources)
    .innerJoin(chatbots, eq(chatbots.id, knowledgeSources.botId))
    .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.userId, userId)));
  return row ?? null;
}

export async function findSource(db: Database, sourceId: string) {
  const [row] = await db.select().from(knowledgeSources).where(eq(knowledgeSources.id, sourceId));
  return row ?? null;
}

export async function updateSource(db: Executor, sourceId: string, patch: Partial<NewSource>) {
  const [row] = await db
    .update(knowledgeSources)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(knowledgeSources.id, sourceId))
    .returning();
  return row ?? null;
}

// Only while the source is waiting or being read: a job that staff cancelled (or that failed
// meanwhile) cannot bring its source back to life. Null when it is no longer in flight.
export async function updateSourceInFlight(
  db: Executor,
  sourceId: string,
  patch: Partial<NewSource>,
) {
  const [row] = await db
    .update(knowledgeSources)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(knowledgeSources.id, sourceId),
        inArray(knowledgeSources.status, ['pending', 'processing']),
      ),
    )
    .returning();
  return row ?? null;
}

// Counts a reading attempt before it starts and returns the source as it then is (one round trip
// for both); null when the source is gone or no longer waiting.
export async function recordAttempt(db: Database, sourceId: string) {
  const [row] = await db
    .update(knowledgeSources)
    .set({ attempts: sql`${knowledgeSources.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(knowledgeSources.id, sourceId),
        inArray(knowledgeSources.status, ['pending', 'processing']),
      ),
    )
    .returning();
  return row ?? null;
}

// Its chunks and pages go with it (foreign key cascade). Any change to a bot's chunks moves its
// index version (a trigger, migration 0012), so the index cache sees it.
export async function deleteSource(db: Database, source: SourceRow) {
  await db.delete(knowledgeSources).where(eq(knowledgeSources.id, source.id));
}

// Replaces what one source (or one page of a website) contributes to the index in one statement,
// so atomically (a search never sees half of an old and half of a new version) and in one round
// trip: for a small document, the round trips of a transaction cost more than its rows.
export async function replaceChunks(
  db: Database,
  { sourceId, pageId }: { sourceId: string; pageId?: string },
  chunks: NewChunk[],
) {
  const replaced = pageId
    ? eq(knowledgeChunks.pageId, pageId)
    : eq(knowledgeChunks.sourceId, sourceId);
  await db.execute(
    sql`with replaced as (delete from ${knowledgeChunks} where ${replaced}) ${insertChunks(chunks)}`,
  );
}

// replaceChunks for many sources at once (bulk indexing).
export async function replaceSourceChunks(db: Database, sourceIds: string[], chunks: NewChunk[]) {
  const replaced = inUuids(knowledgeChunks.sourceId, sourceIds);
  await db.execute(
    sql`with replaced as (delete from ${knowledgeChunks} where ${replaced}) ${insertChunks(chunks)}`,
  );
}

// Each column is sent as one array: an ORM insert of thousands of rows spent more time building
// its SQL (and PostgreSQL parsing ten parameters a row) than writing them.
function insertChunks(chunks: NewChunk[]) {
  const column = <Key extends keyof NewChunk>(key: Key) =>
    sql.param(chunks.map((chunk) => chunk[key] ?? null));
  return sql`
    insert into ${knowledgeChunks}
      (bot_id, source_id, page_id, ordinal, heading, text, page_number, url, token_count, question)
    select * from unnest(
      ${column('botId')}::uuid[], ${column('sourceId')}::uuid[], ${column('pageId')}::uuid[],
      ${column('ordinal')}::int[], ${column('heading')}::text[], ${column('text')}::text[],
      ${column('pageNumber')}::int[], ${column('url')}::text[], ${column('tokenCount')}::int[],
      ${column('question')}::text[])`;
}

// Marks sources completed with their chunk counts; a source without chunks had no text.
export async function completeSources(db: Database, chunkCounts: Map<string, number>) {
  const ids = [...chunkCounts.keys()];
  const counts = ids.map((id) => chunkCounts.get(id)!);
  await db.execute(sql`
    update ${knowledgeSources} as s set
      status = case when v.chunks > 0 then 'completed' else 'failed' end,
      stage = case when v.chunks > 0 then 'completed' else 'failed' end,
      progress = case when v.chunks > 0 then 100 else s.progress end,
      error_code = case when v.chunks > 0 then null else 'no_text' end,
      error_message = case when v.chunks > 0 then null else 'no extractable text was found' end,
      chunk_count = v.chunks,
      indexed_hash = case when v.chunks > 0 then s.content_hash else s.indexed_hash end,
      updated_at = now()
    from (select unnest(${sql.param(ids)}::uuid[]) as id, unnest(${sql.param(counts)}::int[]) as chunks) as v
    where s.id = v.id`);
}

export async function countSourceChunks(db: Database, sourceId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.sourceId, sourceId));
  return row?.count ?? 0;
}

export async function listPages(db: Database, sourceId: string) {
  return db
    .select()
    .from(websitePages)
    .where(eq(websitePages.sourceId, sourceId))
    .orderBy(asc(websitePages.url));
}

export async function upsertPage(
  db: Database,
  page: typeof websitePages.$inferInsert,
): Promise<PageRow> {
  const [row] = await db
    .insert(websitePages)
    .values(page)
    .onConflictDoUpdate({
      target: [websitePages.sourceId, websitePages.url],
      set: {
        title: page.title,
        status: page.status,
        detail: page.detail,
        contentHash: page.contentHash,
        chunkCount: page.chunkCount,
        fetchedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

// Their chunks go with them (foreign key cascade).
export async function deletePages(db: Database, pageIds: string[]) {
  if (pageIds.length === 0) return;
  await db.delete(websitePages).where(inArray(websitePages.id, pageIds));
}

export async function sourcesInFlight(db: Database) {
  return db
    .select()
    .from(knowledgeSources)
    .where(inArray(knowledgeSources.status, ['pending', 'processing']));
}

export async function sourcesDueForSync(db: Database, now: Date) {
  return db
    .select()
    .from(knowledgeSources)
    .where(
      and(
        eq(knowledgeSources.kind, 'website'),
        inArray(knowledgeSources.status, ['completed', 'failed']),
        lte(knowledgeSources.nextSyncAt, now),
      ),
    );
}

// Sources in the given states, the most recently changed first: finished ones for the dashboard's
// activity list, failed ones for its alerts.
export async function recentSourcesIn(
  db: Database,
  userId: string,
  statuses: SourceStatus[],
  limit: number,
) {
  return db
    .select({
      id: knowledgeSources.id,
      botId: knowledgeSources.botId,
      kind: knowledgeSources.kind,
      name: knowledgeSources.name,
      status: knowledgeSources.status,
      errorMessage: knowledgeSources.errorMessage,
      botName: chatbots.name,
      updatedAt: knowledgeSources.updatedAt,
    })
    .from(knowledgeSources)
    .innerJoin(chatbots, eq(chatbots.id, knowledgeSources.botId))
    .where(and(eq(knowledgeSources.userId, userId), inArray(knowledgeSources.status, statuses)))
    .orderBy(desc(knowledgeSources.updatedAt))
    .limit(limit);
}

// Sources whose name or address contains the text, for the dashboard's search.
export async function searchSources(db: Database, userId: string, text: string, limit: number) {
  const pattern = `%${escapeLike(text)}%`;
  return db
    .select({
      id: knowledgeSources.id,
      name: knowledgeSources.name,
      kind: knowledgeSources.kind,
      botId: knowledgeSources.botId,
      botName: chatbots.name,
    })
    .from(knowledgeSources)
    .innerJoin(chatbots, eq(chatbots.id, knowledgeSources.botId))
    .where(
      and(
        eq(knowledgeSources.userId, userId),
        or(ilike(knowledgeSources.name, pattern), ilike(knowledgeSources.url, pattern)),
      ),
    )
    .orderBy(desc(knowledgeSources.updatedAt))
    .limit(limit);
}

// Other documents of the same bot, oldest first, that are small enough to be read with `source`
// and still waiting or being read (by the bot's index, never by scanning the job queue).
export async function smallDocumentsInFlight(
  db: Database,
  source: SourceRow,
  {
    maxBytes,
    types,
    limit,
  }: {
    maxBytes: number;
    types: ReadonlyArray<NonNullable<SourceRow['documentType']>>;
    limit: number;
  },
) {
  return db
    .select({ id: knowledgeSources.id, sizeBytes: knowledgeSources.sizeBytes })
    .from(knowledgeSources)
    .where(
      and(
        eq(knowledgeSources.botId, source.botId),
        ne(knowledgeSources.id, source.id),
        eq(knowledgeSources.kind, 'document'),
        inArray(knowledgeSources.status, ['pending', 'processing']),
        lte(knowledgeSources.sizeBytes, maxBytes),
        inArray(knowledgeSources.documentType, types),
      ),
    )
    .orderBy(asc(knowledgeSources.createdAt))
    .limit(limit);
}

// recordAttempt for many sources at once (small documents read together), which also marks them
// as being read: one statement instead of one per source and step. `counted` is a source whose
// attempt its job already recorded, if any. Only those still waiting or being read are returned.
export async function startAttempts(db: Database, sourceIds: string[], counted: string | null) {
  if (sourceIds.length === 0) return [];
  return db
    .update(knowledgeSources)
    .set({
      attempts: counted
        ? sql`${knowledgeSources.attempts} + case when ${knowledgeSources.id} = ${counted} then 0 else 1 end`
        : sql`${knowledgeSources.attempts} + 1`,
      status: 'processing',
      stage: 'extracting',
      progress: 10,
      updatedAt: new Date(),
    })
    .where(
      and(
        inUuids(knowledgeSources.id, sourceIds),
        inArray(knowledgeSources.status, ['pending', 'processing']),
      ),
    )
    .returning();
}

export type CompletedDocument = {
  sourceId: string;
  chunkCount: number;
  documentType: string;
  notes: string[];
};

// Marks documents read together completed in one statement, only those still in flight (staff
// may have cancelled one meanwhile); returns the rows it completed.
export async function completeDocuments(db: Database, documents: CompletedDocument[]) {
  if (documents.length === 0) return [];
  const column = <Key extends keyof CompletedDocument>(key: Key) =>
    sql.param(documents.map((document) => document[key]));
  const notes = sql.param(documents.map((document) => JSON.stringify(document.notes)));
  const { rows } = await db.execute<{ id: string }>(sql`
    update ${knowledgeSources} as s set
      status = 'completed',
      stage = 'completed',
      progress = 100,
      chunk_count = v.chunks,
      document_type = v.document_type,
      settings = s.settings || jsonb_build_object('notes', v.notes::jsonb),
      indexed_hash = s.content_hash,
      error_code = null,
      error_message = null,
      updated_at = now()
    from unnest(
      ${column('sourceId')}::uuid[], ${column('chunkCount')}::int[],
      ${column('documentType')}::text[], ${notes}::text[]
    ) as v(id, chunks, document_type, notes)
    where s.id = v.id and s.status in ('pending', 'processing')
    returning s.id`);
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(knowledgeSources).where(inUuids(knowledgeSources.id, ids));
}
