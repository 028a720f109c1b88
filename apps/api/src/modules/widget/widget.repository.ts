import { and, asc, count, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatbots, conversations, leads, messages } from '../../db/schema';
import { uuidPattern } from '../bots/bots.repository';

export async function findBot(db: Database, botId: string) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db.select().from(chatbots).where(eq(chatbots.id, botId));
  return row ?? null;
}

// At most one write a minute per bot for the same origin, so a busy refused site cannot turn
// every page view into a database write.
export async function recordRefusedOrigin(db: Database, botId: string, origin: string) {
  await db
    .update(chatbots)
    .set({ lastRefusedOrigin: origin, lastRefusedAt: new Date() })
    .where(
      and(
        eq(chatbots.id, botId),
        or(
          isNull(chatbots.lastRefusedAt),
          sql`${chatbots.lastRefusedOrigin} is distinct from ${origin}`,
          lt(chatbots.lastRefusedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
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

export async function hasLead(db: Database, conversationId: string) {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.conversationId, conversationId))
    .limit(1);
  return Boolean(row);
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

// Feedback is only accepted on an answer the same visitor received from the same bot.
export async function setAssistantFeedback(
  db: Database,
  input: {
    botId: string;
    visitorId: string;
    messageId: string;
    rating: 'up' | 'down';
    comment: string | null;
  },
) {
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
