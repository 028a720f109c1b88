import type { Database } from '../../db/client';
import { findApiKeyByHash } from './api-keys.repository';

type Key = NonNullable<Awaited<ReturnType<typeof findApiKeyByHash>>>;

const ttlMs = 2_000;
const maxEntries = 10_000;

// A busy API key is checked on every request; remembering the answer for two seconds spares the
// database a query per request. Revoking on this instance takes effect at once (forget); on other
// instances within those two seconds.
export class ApiKeyCache {
  private readonly entries = new Map<string, { at: number; key: Key | null }>();

  constructor(private readonly db: Database) {}

  async find(keyHash: string): Promise<Key | null> {
    const now = Date.now();
    const cached = this.entries.get(keyHash);
    if (cached && now - cached.at < ttlMs) return cached.key;
    const key = await findApiKeyByHash(this.db, keyHash);
    this.entries.delete(keyHash);
    this.entries.set(keyHash, { at: now, key });
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return key;
  }

  // Marks the key used, so "last used" is not re-written for every cached request.
  touched(keyHash: string, at: Date) {
    const cached = this.entries.get(keyHash);
    if (cached?.key) cached.key = { ...cached.key, lastUsedAt: at };
  }

  forget(keyId: string) {
    for (const [hash, entry] of this.entries) {
      if (entry.key?.id === keyId) this.entries.delete(hash);
    }
  }
}
