import type { BotInput } from '@askwell/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatbots, conversations, knowledgeSources } from '../../db/schema';

export type BotRow = typeof chatbots.$inferSelect;

export async function listBotsWithKnowledge(db: Database, userId: string) {
  return db
    .select({
      bot: chatbots,
      sourceCount: sql<number>`count(${knowledgeSources.id})::int`,
      completed: sql<number>`count(*) filter (where ${knowledgeSources.status} = 'completed')::int`,
      processing: sql<number>`count(*) filter (where ${knowledgeSources.status} in ('pending', 'processing'))::int`,
      failed: sql<number>`count(*) filter (where ${knowledgeSources.status} = 'failed')::int`,
      chunks: sql<number>`coalesce(sum(${knowledgeSources.chunkCount}), 0)::int`,
      lastConversationAt:
        sql<Date | null>`(select max(${conversations.lastMessageAt}) from ${conversations} where ${conversations.botId} = ${chatbots.id})`.mapWith(
          conversations.lastMessageAt,
        ),
    })
    .from(chatbots)
    .leftJoin(knowledgeSources, eq(knowledgeSources.botId, chatbots.id))
    .where(eq(chatbots.userId, userId))
    .groupBy(chatbots.id)
    .orderBy(desc(chatbots.createdAt));
}

// Another customer's bot is reported exactly like a missing one.
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOwnedBot(db: Database, userId: string, botId: string) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.id, botId), eq(chatbots.userId, userId)));
  return row ?? null;
}

export async function insertBot(db: Database, userId: string, input: BotInput) {
  const [row] = await db
    .insert(chatbots)
    .values({ ...input, userId })
    .returning();
  return row!;
}

export async function updateOwnedBot(db: Database, userId: string, botId: string, input: BotInput) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db
    .update(chatbots)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(chatbots.id, botId), eq(chatbots.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnedBot(db: Database, userId: string, botId: string) {
  if (!uuidPattern.test(botId)) return false;
  const rows = await db
    .delete(chatbots)
    .where(and(eq(chatbots.id, botId), eq(chatbots.userId, userId)))
    .returning({ id: chatbots.id });
  return rows.length > 0;
}
