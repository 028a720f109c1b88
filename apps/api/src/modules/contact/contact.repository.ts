import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Database, message: NewContactMessage) {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}
