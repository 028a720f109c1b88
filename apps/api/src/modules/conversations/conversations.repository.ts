import type { ConversationListQuery } from '@askwell/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatbots, conversations, leads, messages } from '../../db/schema';
import { uuidPattern } from '../bots/bots.repository';
import { escapeLike } from '../leads/leads.repository';

export type ConversationFilters = Omit<ConversationListQuery, 'page' | 'pageSize'>;
export type MessageRow = typeof messages.$inferSelect;

// A conversation counts as answered when the bot replied and every reply came from its knowledge;
// one fallback reply ("I don't know") makes it unanswered, which is what an owner looks for.
const answered = sql<boolean>`(
  exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.role = 'assistant')
  and not exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id}
    and m.role = 'assistant' and m.answered_from_knowledge is not true)
)`;

const feedbackUp = sql<number>`(select count(*)::int from ${messages} m
  where m.conversation_id = ${conversations.id} and m.feedback = 'up')`;
const feedbackDown = sql<number>`(select count(*)::int from ${messages} m
  where m.conversation_id = ${conversations.id} and m.feedback = 'down')`;

// Visitor messages are whatever is not the assistant's, whichever word the chat engine uses.
const preview = sql<string | null>`(select left(m.content, 200) from ${messages} m
  where m.conversation_id = ${conversations.id} and m.role <> 'assistant'
  order by m.created_at asc limit 1)`;

const leadOfConversation = sql<{ id: string; name: string; email: string } | null>`(
  select json_build_object('id', l.id, 'name', l.name, 'email', l.email) from ${leads} l
  where l.conversation_id = ${conversations.id} order by l.created_at asc limit 1)`;

const summaryColumns = {
  conversation: conversations,
  botName: chatbots.name,
  answered,
  feedbackUp,
  feedbackDown,
  preview,
  lead: leadOfConversation,
};

function dayStart(day: string) {
  return new Date(`${day}T00:00:00.000Z`);
}

function nextDayStart(day: string) {
  const date = dayStart(day);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function conditions(userId: string, filters: ConversationFilters) {
  const where: SQL[] = [eq(conversations.userId, userId)];
  if (filters.botId) {
    where.push(
      uuidPattern.test(filters.botId) ? eq(conversations.botId, filters.botId) : sql`false`,
    );
  }
  if (filters.visitorId) where.push(eq(conversations.visitorId, filters.visitorId));
  if (filters.from) where.push(gte(conversations.startedAt, dayStart(filters.from)));
  if (filters.to) where.push(lt(conversations.startedAt, nextDayStart(filters.to)));
  if (filters.answered === 'answered') where.push(answered);
  if (filters.answered === 'unanswered') where.push(sql`not ${answered}`);
  if (filters.feedback === 'up' || filters.feedback === 'down') {
    where.push(sql`exists (select 1 from ${messages} m
      where m.conversation_id = ${conversations.id} and m.feedback = ${filters.feedback})`);
  }
  if (filters.feedback === 'any') {
    where.push(sql`exists (select 1 from ${messages} m
      where m.conversation_id = ${conversations.id} and m.feedback is not null)`);
  }
  if (filters.feedback === 'none') {
    where.push(sql`not exists (select 1 from ${messages} m
      where m.conversation_id = ${conversations.id} and m.feedback is not null)`);
  }
  const hasLead = sql`exists (select 1 from ${leads} l where l.conversation_id = ${conversations.id})`;
  if (filters.hasLead === 'yes') where.push(hasLead);
  if (filters.hasLead === 'no') where.push(sql`not ${hasLead}`);
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    where.push(sql`(
      ${conversations.visitorId} ilike ${pattern} or ${conversations.pageUrl} ilike ${pattern}
      or exists (select 1 from ${messages} m
        where m.conversation_id = ${conversations.id} and m.content ilike ${pattern}))`);
  }
  return and(...where)!;
}

export type ConversationSummaryRow = {
  conversation: typeof conversations.$inferSelect;
  botName: string;
  answered: boolean;
  feedbackUp: number;
  feedbackDown: number;
  preview: string | null;
  lead: { id: string; name: string; email: string } | null;
};

export async function listConversations(
  db: Database,
  userId: string,
  filters: ConversationFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: ConversationSummaryRow[]; total: number }> {
  const where = conditions(userId, filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(conversations)
      .innerJoin(chatbots, eq(chatbots.id, conversations.botId))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(conversations).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findOwnedConversation(db: Database, userId: string, conversationId: string) {
  if (!uuidPattern.test(conversationId)) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(chatbots, eq(chatbots.id, conversations.botId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  return row ?? null;
}

export async function messagesOf(db: Database, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(asc(messages.conversationId), asc(messages.createdAt), asc(messages.id));
}

export async function deleteOwnedConversation(
  db: Database,
  userId: string,
  conversationId: string,
) {
  if (!uuidPattern.test(conversationId)) return false;
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

// A visitor's privacy request: their conversations with this bot (messages cascade) and the
// contact details they left in them.
export async function deleteVisitorData(
  db: Database,
  userId: string,
  botId: string,
  visitorId: string,
) {
  return db.transaction(async (tx) => {
    const owned = and(
      eq(conversations.userId, userId),
      eq(conversations.botId, botId),
      eq(conversations.visitorId, visitorId),
    );
    const ids = tx.select({ id: conversations.id }).from(conversations).where(owned);
    const deletedLeads = await tx
      .delete(leads)
      .where(and(eq(leads.userId, userId), inArray(leads.conversationId, ids)))
      .returning({ id: leads.id });
    const deletedConversations = await tx
      .delete(conversations)
      .where(owned)
      .returning({ id: conversations.id });
    return {
      deletedConversations: deletedConversations.length,
      deletedLeads: deletedLeads.length,
    };
  });
}
