import { apiKeyCreateSchema, type ApiKey, type ApiKeyCreated } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ApiKeyCache } from './api-key-cache';
import { generateApiKey } from './api-key-secret';
import { insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from './api-keys.repository';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Database; keys: ApiKeyCache }> = async (
  app,
  { db, keys },
) => {
  app.get('/api/api-keys', { config: { access: 'signed-in' } }, async (request) => ({
    keys: (await listApiKeys(db, request.user!.id)).map(toApiKey),
  }));

  app.post(
    '/api/api-keys',
    {
      schema: { body: apiKeyCreateSchema },
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { secret, prefix, keyHash } = generateApiKey();
      const row = await insertApiKey(db, {
        userId: request.user!.id,
        name: request.body.name,
        prefix,
        keyHash,
      });
      const created: ApiKeyCreated = { key: toApiKey(row), secret };
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/api-keys/:keyId',
    {
      schema: { params: z.object({ keyId: z.string().max(64) }) },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const row = await revokeApiKey(db, request.user!.id, request.params.keyId);
      if (!row) throw new AppError('not_found', 'API key not found.');
      keys.forget(row.id);
      return reply.status(204).send();
    },
  );
};
