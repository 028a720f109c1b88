import type { Database } from '../../db/client';
import type { ApiKeyCache } from './api-key-cache';
import { generateApiKey } from './api-key-secret';
import { insertApiKey, listApiKeys, recentKeyChanges, revokeApiKey } from './api-keys.repository';

// A customer's keys: the secret exists only in the answer to create(); revoking also drops the
// key from this instance's cache, so it stops working here at once.
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    private readonly cache: ApiKeyCache,
  ) {}

  recentChanges(userId: string, limit: number) {
    return recentKeyChanges(this.db, userId, limit);
  }

  list(userId: string) {
    return listApiKeys(this.db, userId);
  }

  async create(userId: string, name: string) {
    const { secret, prefix, keyHash } = generateApiKey();
    const row = await insertApiKey(this.db, { userId, name, prefix, keyHash });
    return { row, secret };
  }

  async revoke(userId: string, keyId: string) {
    const row = await revokeApiKey(this.db, userId, keyId);
    if (row) this.cache.forget(row.id);
    return row;
  }
}
