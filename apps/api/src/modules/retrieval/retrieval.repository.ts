import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inUuids } from '../../db/query-helpers';
import { chatbots, knowledgeChunks } from '../../db/schema';

// Retrieval only reads: the knowledge module writes the chunks and bumps the bot's index version.

export async function botIndexVersion(db: Database, botId: string) {
  const [row] = await db
    .select({ version: chatbots.indexVersion })
    .from(chatbots)
    .where(eq(chatbots.id, botId));
  return row?.version ?? null;
}

// Vectors travel in PostgreSQL's binary array format: parsing 1,536 floats per chunk from text
// costs seconds for a few thousand chunks.
// `known` (chunk ids whose vectors of model `label` are already in memory) are left out.
export async function listBotEmbeddings(
  db: Database,
  botId: string,
  known?: { label: string; ids: string[] },
) {
  return db
    .select({
      id: knowledgeChunks.id,
      embeddingModel: knowledgeChunks.embeddingModel,
      bytes: sql<Buffer>`array_send(${knowledgeChunks.embedding})`,
    })
    .from(knowledgeChunks)
    .where(
      and(
        eq(knowledgeChunks.botId, botId),
        isNotNull(knowledgeChunks.embedding),
        known?.ids.length
          ? sql`not (${inUuids(knowledgeChunks.id, known.ids)} and ${knowledgeChunks.embeddingModel} = ${known.label})`
          : undefined,
      ),
    );
}

export async function botOwner(db: Database, botId: string) {
  const [row] = await db
    .select({ userId: chatbots.userId })
    .from(chatbots)
    .where(eq(chatbots.id, botId));
  return row?.userId ?? null;
}

export async function listBotChunkIds(db: Database, botId: string) {
  return db
    .select({ id: knowledgeChunks.id })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.botId, botId));
}

export type IndexRow = Awaited<ReturnType<typeof listIndexRows>>[number];

function listIndexRows(db: Database, where: SQL) {
  return db
    .select({
      id: knowledgeChunks.id,
      sourceId: knowledgeChunks.sourceId,
      heading: knowledgeChunks.heading,
      text: knowledgeChunks.text,
      pageNumber: knowledgeChunks.pageNumber,
      url: knowledgeChunks.url,
      question: knowledgeChunks.question,
    })
    .from(knowledgeChunks)
    .where(where)
    .orderBy(asc(knowledgeChunks.sourceId), asc(knowledgeChunks.ordinal));
}

export function listBotIndexRows(db: Database, botId: string) {
  return listIndexRows(db, eq(knowledgeChunks.botId, botId));
}

export function listIndexRowsById(db: Database, ids: string[]) {
  return listIndexRows(db, inUuids(knowledgeChunks.id, ids));
}
