import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { chatbots, knowledgeSources } from '../../db/schema';
import { uuidPattern } from '../bots/bots.repository';

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

export async function startTurn(
  db: Database,
  turn: {
    botId: string;
    userId: string;
    sessionId: string;
    channel: string;
    visitorId: string | null;
    pageUrl: string | null;
    language: string | null;
    message: string;
    historyTurns: number;
  },
): Promise<StartedTurn> {
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
      answered_from_knowledge, status, latency_ms, first_token_ms)
    values ($1, 'assistant', $2, $3::jsonb, $4, $5, $6, $7, $8)
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

export async function finishTurn(
  db: Database,
  answer: {
    conversationId: string;
    content: string;
    sources: unknown[];
    answerer: string;
    answeredFromKnowledge: boolean;
    status: 'complete' | 'interrupted';
    latencyMs: number;
    firstTokenMs: number | null;
    language: string | null;
  },
): Promise<string> {
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
    ],
  });
  return result.rows[0]!.message_id;
}

export async function sourceNames(db: Database, sourceIds: string[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select({ id: knowledgeSources.id, name: knowledgeSources.name, kind: knowledgeSources.kind })
    .from(knowledgeSources)
    .where(inArray(knowledgeSources.id, sourceIds));
}

export async function findBotById(db: Database, botId: string) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db.select().from(chatbots).where(eq(chatbots.id, botId));
  return row ?? null;
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
