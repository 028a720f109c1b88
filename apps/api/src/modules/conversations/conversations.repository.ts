import type { ConversationListQuery } from '@askwell/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from '../../db/client';
import { escapeLike, pageWithTotal, uuidPattern } from '../../db/query-helpers';
import { chatbots, conversations, leads, messages } from '../../db/schema';
import { contactRequestAnswerer } from '../chat/contact-request';

export type ConversationFilters = Omit<ConversationListQuery, 'page' | 'pageSize'>;
export type MessageRow = typeof messages.$inferSelect;

// A conversation counts as answered when the bot replied and every reply came from its knowledge;
// one fallback reply ("I don't know") makes it unanswered, which is what an owner looks for. The
// reply to a request to be contacted (the lead form) is neither: it is a lead request.
const answered = sql<boolean>`(
  exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.role = 'assistant')
  and not exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id}
    and m.role = 'assistant' and m.answered_from_knowledge is not true
    and m.answerer is distinct from ${contactRequestAnswerer})
)`;

const leadRequested = sql<boolean>`exists (select 1 from ${messages} m
  where m.conversation_id = ${conversations.id} and m.role = 'assistant'
    and m.answerer = ${contactRequestAnswerer})`;

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
  leadRequested,
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
  leadRequested: boolean;
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
  return pageWithTotal(
    db,
    db
      .select(summaryColumns)
      .from(conversations)
      .innerJoin(chatbots, eq(chatbots.id, conversations.botId))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
    conversations,
    where,
  );
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

// What a visitor wrote to a bot, for a privacy request to find wherever else it is kept.
export async function visitorQuestions(
  db: Database,
  userId: string,
  botId: string,
  visitorId: string,
) {
  const rows = await db
    .select({ content: messages.content })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.botId, botId),
        eq(conversations.visitorId, visitorId),
        eq(messages.role, 'user'),
      ),
    );
  return rows.map((row) => row.content);
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

export type HistoryTurn = { role: 'user' | 'assistant'; content: string };

export type StartedTurn = {
  conversationId: string;
  sessionId: string;
  messageId: string;
  history: HistoryTurn[];
  language: string | null;
};

// drizzle() returns the database with its pool as $client; the Database type leaves it out.
function poolOf(db: Database) {
  return (db as Database & { $client: pg.Pool }).$client;
}

// One statement: find or start the conversation, read its last turns (as they were before this
// message) and store the visitor's message, so the message is kept before any answer exists.
// Both statements of a turn are named, so each connection parses and plans them once.
const startTurnSql = `
  with conversation as (
    insert into conversations
      (bot_id, user_id, session_id, visitor_id, channel, page_url, language, message_count)
    values ($1, $2, $3, $4, $5, $6, $7, 1)
    on conflict (bot_id, session_id) do update set
      message_count = conversations.message_count + 1,
      last_message_at = now(),
      ended_at = null,
      visitor_id = coalesce(conversations.visitor_id, excluded.visitor_id),
      page_url = coalesce(excluded.page_url, conversations.page_url),
      language = coalesce(conversations.language, excluded.language)
    returning id, session_id, language
  ),
  history as (
    select m.role, m.content, m.created_at from messages m
    where m.conversation_id = (select id from conversation)
    order by m.created_at desc
    limit $9
  ),
  visitor_message as (
    insert into messages (conversation_id, role, content)
    select id, 'user', $8 from conversation
    returning id
  )
  select
    conversation.id as conversation_id,
    conversation.session_id,
    conversation.language,
    (select id from visitor_message) as message_id,
    (select json_agg(json_build_object('role', role, 'content', content) order by created_at)
      from history) as history
  from conversation`;

export type TurnStart = {
  botId: string;
  userId: string;
  sessionId: string;
  channel: string;
  visitorId: string | null;
  pageUrl: string | null;
  language: string | null;
  message: string;
  historyTurns: number;
};

export async function startTurn(db: Database, turn: TurnStart): Promise<StartedTurn> {
  const result = await poolOf(db).query<{
    conversation_id: string;
    session_id: string;
    language: string | null;
    message_id: string;
    history: HistoryTurn[] | null;
  }>({
    name: 'chat-start-turn',
    text: startTurnSql,
    values: [
      turn.botId,
      turn.userId,
      turn.sessionId,
      turn.visitorId,
      turn.channel,
      turn.pageUrl,
      turn.language,
      turn.message,
      turn.historyTurns,
    ],
  });
  const row = result.rows[0]!;
  return {
    conversationId: row.conversation_id,
    sessionId: row.session_id,
    messageId: row.message_id,
    history: row.history ?? [],
    language: row.language,
  };
}

const finishTurnSql = `
  with answer as (
    insert into messages (conversation_id, role, content, sources, answerer,
      answered_from_knowledge, status, latency_ms, first_token_ms, prompt_tokens,
      completion_tokens)
    values ($1, 'assistant', $2, $3::jsonb, $4, $5, $6, $7, $8, $10, $11)
    returning id
  )
  update conversations set
    message_count = message_count + 1,
    last_message_at = now(),
    answered_from_knowledge = answered_from_knowledge or $5,
    total_latency_ms = total_latency_ms + $7,
    language = coalesce(language, $9)
  where id = $1
  returning (select id from answer) as message_id`;

export type TurnAnswer = {
  conversationId: string;
  content: string;
  sources: unknown[];
  answerer: string;
  answeredFromKnowledge: boolean;
  status: 'complete' | 'interrupted';
  latencyMs: number;
  firstTokenMs: number | null;
  language: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
};

export async function finishTurn(db: Database, answer: TurnAnswer): Promise<string> {
  const result = await poolOf(db).query<{ message_id: string }>({
    name: 'chat-finish-turn',
    text: finishTurnSql,
    values: [
      answer.conversationId,
      answer.content,
      JSON.stringify(answer.sources),
      answer.answerer,
      answer.answeredFromKnowledge,
      answer.status,
      answer.latencyMs,
      answer.firstTokenMs,
      answer.language,
      answer.promptTokens,
      answer.completionTokens,
    ],
  });
  return result.rows[0]!.message_id;
}

// A conversation that has been quiet this long is over; a later message in it reopens it.
export async function endIdleConversations(db: Database, idleMinutes: number) {
  const result = await db.execute(sql`
    update conversations set ended_at = last_message_at
    where ended_at is null
      and started_at < now() - make_interval(mins => ${idleMinutes})
      and last_message_at < now() - make_interval(mins => ${idleMinutes})
  `);
  return result.rowCount ?? 0;
}

// The visitor's open conversation: the newest one not ended by a reset.
export async function findCurrentConversation(db: Database, botId: string, visitorId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.botId, botId),
        eq(conversations.visitorId, visitorId),
        isNull(conversations.endedAt),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(1);
  return row ?? null;
}

export async function listConversationMessages(db: Database, conversationId: string) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.role));
}

export async function countVisitorMessages(db: Database, conversationId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), ne(messages.role, 'assistant')));
  return row?.value ?? 0;
}

export async function endConversations(db: Database, botId: string, visitorId: string) {
  await db
    .update(conversations)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(conversations.botId, botId),
        eq(conversations.visitorId, visitorId),
        isNull(conversations.endedAt),
      ),
    );
}

export type AssistantFeedback = {
  botId: string;
  visitorId: string;
  messageId: string;
  rating: 'up' | 'down';
  comment: string | null;
};

// Feedback is only accepted on an answer the same visitor received from the same bot.
export async function setAssistantFeedback(db: Database, input: AssistantFeedback) {
  if (!uuidPattern.test(input.messageId)) return false;
  const rows = await db
    .update(messages)
    .set({ feedback: input.rating, feedbackComment: input.comment })
    .where(
      and(
        eq(messages.id, input.messageId),
        eq(messages.role, 'assistant'),
        sql`${messages.conversationId} in (select ${conversations.id} from ${conversations} where ${conversations.botId} = ${input.botId} and ${conversations.visitorId} = ${input.visitorId})`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

// Conversations open now, for the dashboard's Active Chats (the other figures come from the
// analytics rollups).
export async function countOpenConversations(db: Database, userId: string) {
  const result = await db.execute<{ open: number }>(sql`
    select count(*)::int as open from conversations where user_id = ${userId} and ended_at is null
  `);
  return result.rows[0]!.open;
}

export type ImportedConversation = typeof conversations.$inferInsert & { id: string };
export type ImportedMessage = typeof messages.$inferInsert & { id: string };

// Past conversations stored as they happened (their own dates), a few hundred rows per statement:
// the rollup triggers of migration 0014 count each statement's rows into the hours they belong to.
export async function importConversations(
  db: Executor,
  rows: { conversations: ImportedConversation[]; messages: ImportedMessage[] },
) {
  for (const batch of chunked(rows.conversations, importBatchSize)) {
    await db.insert(conversations).values(batch);
  }
  for (const batch of chunked(rows.messages, importBatchSize)) {
    await db.insert(messages).values(batch);
  }
}

// Ratings are counted when they change (a visitor rates an answer after it was stored), so they
// are set by an update, as the widget sets them, for the rollups to count them.
export async function importRatings(
  db: Executor,
  ratings: { messageId: string; rating: 'up' | 'down'; comment: string | null }[],
) {
  if (ratings.length === 0) return;
  const values = sql.join(
    ratings.map((rating) => sql`(${rating.messageId}::uuid, ${rating.rating}, ${rating.comment})`),
    sql`, `,
  );
  await db.execute(sql`
    update ${messages} set feedback = rated.rating, feedback_comment = rated.comment
    from (values ${values}) as rated (id, rating, comment)
    where ${messages.id} = rated.id
  `);
}

// PostgreSQL takes at most 65,535 parameters per statement; a message row has about a dozen.
const importBatchSize = 1000;

function chunked<T>(items: T[], size: number) {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}
