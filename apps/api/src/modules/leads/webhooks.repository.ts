import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatbots, webhookDeliveries } from '../../db/schema';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

export async function insertDelivery(db: Database, delivery: NewDelivery) {
  const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
  return row!;
}

export async function findDelivery(db: Database, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, bot: chatbots })
    .from(webhookDeliveries)
    .innerJoin(chatbots, eq(chatbots.id, webhookDeliveries.botId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

export async function updateDelivery(
  db: Database,
  deliveryId: string,
  patch: Partial<Omit<NewDelivery, 'id' | 'botId'>>,
) {
  await db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, deliveryId));
}

export async function listDeliveries(db: Database, botId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.botId, botId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

// Per bot, the newest delivery that gave up in the last week, for the dashboard's alerts.
export async function recentFailedDeliveries(db: Database, userId: string, limit: number) {
  return db
    .selectDistinctOn([webhookDeliveries.botId], {
      id: webhookDeliveries.id,
      botId: webhookDeliveries.botId,
      botName: chatbots.name,
      lastError: webhookDeliveries.lastError,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(chatbots, eq(chatbots.id, webhookDeliveries.botId))
    .where(
      and(
        eq(chatbots.userId, userId),
        eq(webhookDeliveries.status, 'failed'),
        gte(webhookDeliveries.createdAt, sql`now() - interval '7 days'`),
      ),
    )
    .orderBy(webhookDeliveries.botId, desc(webhookDeliveries.createdAt))
    .limit(limit);
}
