import type { BotInput } from '@askwell/shared';
import { and, desc, eq, getTableColumns, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { escapeLike, uuidPattern } from '../../db/query-helpers';
import { chatbots, conversations, knowledgeSources, users } from '../../db/schema';

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
export async function findOwnedBot(db: Database, userId: string, botId: string) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.id, botId), eq(chatbots.userId, userId)));
  return row ?? null;
}

// Whoever owns it: for callers that are not the owner (the widget, an API key's chat). The
// owner's suspension comes along because a suspended customer's bots must stop serving too.
export async function findBotById(db: Database, botId: string) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db
    .select({
      ...getTableColumns(chatbots),
      ownerSuspendedAt: users.suspendedAt,
      // What the owner's plan is read from, so the chat path needs no second query for it.
      owner: {
        role: users.role,
        subscriptionTier: users.subscriptionTier,
        trialEndsAt: users.trialEndsAt,
      },
    })
    .from(chatbots)
    .innerJoin(users, eq(users.id, chatbots.userId))
    .where(eq(chatbots.id, botId));
  return row ?? null;
}

export async function insertBot(db: Database, userId: string, input: BotInput) {
  const [row] = await db
    .insert(chatbots)
    .values({ ...input, userId })
    .returning();
  return row!;
}

// A bot with the schema's defaults for everything but its name: the evaluation harnesses'
// throw-away bot, which must answer like a new customer's.
export async function insertBlankBot(db: Database, userId: string, name: string) {
  const [row] = await db.insert(chatbots).values({ userId, name, widgetConfig: {} }).returning();
  return row!;
}

export type NewDemoBot = Omit<typeof chatbots.$inferInsert, 'id' | 'userId' | 'isDemo'>;

export async function insertDemoBot(db: Executor, userId: string, values: NewDemoBot) {
  const [row] = await db
    .insert(chatbots)
    .values({ ...values, userId, isDemo: true })
    .returning();
  return row!;
}

// Everything of a demo bot hangs off it with ON DELETE CASCADE, so this one statement removes
// every demo row of the account.
export async function deleteDemoBots(db: Executor, userId: string) {
  const rows = await db
    .delete(chatbots)
    .where(and(eq(chatbots.userId, userId), eq(chatbots.isDemo, true)))
    .returning({ id: chatbots.id });
  return rows.map((row) => row.id);
}

export async function countBots(db: Executor, userId: string) {
  const result = await db.execute<{ total: number; demo: number }>(sql`
    select count(*)::int as total, count(*) filter (where ${chatbots.isDemo})::int as demo
    from ${chatbots} where ${chatbots.userId} = ${userId}
  `);
  return result.rows[0]!;
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

export async function setBotWebhook(
  db: Database,
  userId: string,
  botId: string,
  patch: { webhookUrl?: string | null; webhookSecretEncrypted?: string | null },
) {
  if (!uuidPattern.test(botId)) return null;
  const [row] = await db
    .update(chatbots)
    .set(patch)
    .where(and(eq(chatbots.id, botId), eq(chatbots.userId, userId)))
    .returning();
  return row ?? null;
}

// Only a real customer bot, and only when its state changes, so a repeated disable writes nothing.
export async function setStaffDisabled(
  db: Executor,
  botId: string,
  disabled: { reason: string } | null,
) {
  if (!uuidPattern.test(botId)) return undefined;
  const [row] = await db
    .update(chatbots)
    .set(
      disabled
        ? { staffDisabledAt: new Date(), staffDisabledReason: disabled.reason }
        : { staffDisabledAt: null, staffDisabledReason: null },
    )
    .where(
      and(
        eq(chatbots.id, botId),
        eq(chatbots.isDemo, false),
        disabled ? isNull(chatbots.staffDisabledAt) : isNotNull(chatbots.staffDisabledAt),
      ),
    )
    .returning();
  return row;
}

// The bot keeps its newest listed refusal for the editor's summary; at most one write a minute
// for the same origin, so a busy refused site does not rewrite the bot on every page view.
export async function noteRefusedOrigin(db: Database, botId: string, origin: string) {
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

// Takes the caller's transaction, so the summary is cleared together with the listed origin.
export async function clearRefusedOrigin(
  db: Pick<Database, 'update'>,
  botId: string,
  origin: string,
) {
  await db
    .update(chatbots)
    .set({ lastRefusedOrigin: null, lastRefusedAt: null })
    .where(and(eq(chatbots.id, botId), eq(chatbots.lastRefusedOrigin, origin)));
}

// Bots created or edited, newest change first, for the dashboard's activity list.
export async function recentBotChanges(db: Database, userId: string, limit: number) {
  return db
    .select({
      id: chatbots.id,
      name: chatbots.name,
      createdAt: chatbots.createdAt,
      updatedAt: chatbots.updatedAt,
    })
    .from(chatbots)
    .where(eq(chatbots.userId, userId))
    .orderBy(desc(chatbots.updatedAt))
    .limit(limit);
}

export async function searchBots(db: Database, userId: string, text: string, limit: number) {
  return db
    .select({ id: chatbots.id, name: chatbots.name })
    .from(chatbots)
    .where(and(eq(chatbots.userId, userId), ilike(chatbots.name, `%${escapeLike(text)}%`)))
    .orderBy(desc(chatbots.updatedAt))
    .limit(limit);
}
