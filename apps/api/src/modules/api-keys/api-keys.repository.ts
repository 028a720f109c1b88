import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { uuidPattern } from '../../db/query-helpers';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Database,
  key: { userId: string; name: string; prefix: string; keyHash: string },
) {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

export async function listApiKeys(db: Database, userId: string) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
}

// Revoking twice keeps the first revocation time.
export async function revokeApiKey(db: Database, userId: string, keyId: string) {
  if (!uuidPattern.test(keyId)) return null;
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
  return existing ?? null;
}

export async function findApiKeyByHash(db: Database, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash));
  return row ?? null;
}

// At most one write a minute per key: "last used" is for people, not an audit trail.
export async function touchApiKey(db: Database, keyId: string) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - 60_000))),
      ),
    );
}

export async function recentKeyChanges(db: Database, userId: string, limit: number) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(sql`coalesce(${apiKeys.revokedAt}, ${apiKeys.createdAt})`))
    .limit(limit);
}
