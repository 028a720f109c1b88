import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';

export type PlatformSettingsSection = 'general' | 'security' | 'payment';

export async function readSection(db: Executor, key: PlatformSettingsSection) {
  const [row] = await db
    .select({ value: platformSettings.value, updatedAt: platformSettings.updatedAt })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  return row ?? null;
}

export async function writeSection(
  db: Executor,
  key: PlatformSettingsSection,
  value: Record<string, unknown>,
  updatedBy: string | null,
) {
  await db
    .insert(platformSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value, updatedBy, updatedAt: sql`now()` },
    });
}
