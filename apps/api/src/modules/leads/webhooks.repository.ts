import { desc, eq } from 'drizzle-orm';
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
