import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeSources } from '../../db/schema';

export async function sourceNames(db: Database, sourceIds: string[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select({ id: knowledgeSources.id, name: knowledgeSources.name, kind: knowledgeSources.kind })
    .from(knowledgeSources)
    .where(inArray(knowledgeSources.id, sourceIds));
}
