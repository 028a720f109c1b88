import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userSettings } from '../../db/schema';

export type SettingsRow = typeof userSettings.$inferSelect;
export type SettingsPatch = Partial<Omit<typeof userSettings.$inferInsert, 'userId'>>;

export async function findSettings(db: Database, userId: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ?? null;
}

export async function upsertSettings(db: Database, userId: string, patch: SettingsPatch) {
  const values = { ...patch, updatedAt: new Date() };
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning();
  return row!;
}
