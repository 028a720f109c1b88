import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { escapeLike, uuidPattern } from '../../db/query-helpers';
import { chatbots, conversations, knowledgeSources, leads, users } from '../../db/schema';

// Where the previous page ended: its last bot's creation time (to the microsecond, as stored)
// and id, which breaks ties between bots created in the same instant.
export type ChatbotCursor = { at: string; id: string };

const owner = {
  id: users.id,
  email: users.email,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
};

// Customer bots, newest first (demo bots are sample data, not the customer's). Spec §5: the
// search is a case-insensitive substring match on name and description. The counts are grouped
// over the page's bots only, so a page costs the same however many bots the platform holds.
export async function listAdminChatbots(
  db: Database,
  { search, before, limit }: { search: string; before: ChatbotCursor | null; limit: number },
) {
  const conditions: SQL[] = [eq(chatbots.isDemo, false)];
  const term = search.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(chatbots.name, pattern), ilike(chatbots.description, pattern))!);
  }
  if (before) {
    conditions.push(
      sql`(${chatbots.createdAt}, ${chatbots.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`,
    );
  }
  const page = db.$with('page').as(
    db
      .select({
        id: chatbots.id,
        userId: chatbots.userId,
        name: chatbots.name,
        description: chatbots.description,
        goal: chatbots.goal,
        tone: chatbots.tone,
        enabled: chatbots.enabled,
        staffDisabledAt: chatbots.staffDisabledAt,
        staffDisabledReason: chatbots.staffDisabledReason,
        createdAt: chatbots.createdAt,
        cursorAt:
          sql<string>`to_char(${chatbots.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
            'cursor_at',
          ),
      })
      .from(chatbots)
      .where(and(...conditions))
      .orderBy(desc(chatbots.createdAt), desc(chatbots.id))
      .limit(limit),
  );
  const pageIds = db.select({ id: page.id }).from(page);
  const documents = db
    .select({
      botId: knowledgeSources.botId,
      count: sql<number>`count(*)::int`.as('document_count'),
    })
    .from(knowledgeSources)
    .where(inArray(knowledgeSources.botId, pageIds))
    .groupBy(knowledgeSources.botId)
    .as('documents');
  const chats = db
    .select({
      botId: conversations.botId,
      count: sql<number>`count(*)::int`.as('conversation_count'),
    })
    .from(conversations)
    .where(inArray(conversations.botId, pageIds))
    .groupBy(conversations.botId)
    .as('chats');
  return db
    .with(page)
    .select({
      bot: {
        id: page.id,
        name: page.name,
        description: page.description,
        goal: page.goal,
        tone: page.tone,
        enabled: page.enabled,
        staffDisabledAt: page.staffDisabledAt,
        staffDisabledReason: page.staffDisabledReason,
        createdAt: page.createdAt,
        cursorAt: page.cursorAt,
      },
      owner,
      documents: sql<number>`coalesce(${documents.count}, 0)::int`,
      conversations: sql<number>`coalesce(${chats.count}, 0)::int`,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .leftJoin(documents, eq(documents.botId, page.id))
    .leftJoin(chats, eq(chats.botId, page.id))
    .orderBy(desc(page.createdAt), desc(page.id));
}

// One customer bot with everything the read-only detail shows; demo bots are not listed, so they
// are not found here either.
export async function findAdminChatbot(db: Database, botId: string) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db
    .select({
      bot: chatbots,
      owner,
      sourceCount: sql<number>`(select count(*)::int from ${knowledgeSources} where ${knowledgeSources.botId} = ${chatbots.id})`,
      conversationCount: sql<number>`(select count(*)::int from ${conversations} where ${conversations.botId} = ${chatbots.id})`,
      leadCount: sql<number>`(select count(*)::int from ${leads} where ${leads.botId} = ${chatbots.id})`,
      lastConversationAt:
        sql<Date | null>`(select max(${conversations.lastMessageAt}) from ${conversations} where ${conversations.botId} = ${chatbots.id})`.mapWith(
          conversations.lastMessageAt,
        ),
    })
    .from(chatbots)
    .innerJoin(users, eq(users.id, chatbots.userId))
    .where(and(eq(chatbots.id, botId), eq(chatbots.isDemo, false)));
  return row ?? null;
}

export async function listAdminChatbotSources(db: Database, botId: string, limit: number) {
  return db
    .select({
      id: knowledgeSources.id,
      name: knowledgeSources.name,
      kind: knowledgeSources.kind,
      status: knowledgeSources.status,
      errorMessage: knowledgeSources.errorMessage,
      chunkCount: knowledgeSources.chunkCount,
      createdAt: knowledgeSources.createdAt,
    })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.botId, botId))
    .orderBy(desc(knowledgeSources.createdAt))
    .limit(limit);
}
