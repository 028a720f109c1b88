import { apiKeyCreateSchema, type ApiKey, type ApiKeyCreated } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ApiKeyRow } from './api-keys.repository';
import type { PlansService } from '../plans/plans.service';
import type { ApiKeysService } from './api-keys.service';

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

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
}) satisfies z.ZodType<ApiKey>;

const apiKeyCreatedSchema = z.object({
  key: apiKeySchema,
  secret: z.string(),
}) satisfies z.ZodType<ApiKeyCreated>;

export const apiKeysRoutes: FastifyPluginAsyncZod<{
  apiKeys: ApiKeysService;
  plans: PlansService;
}> = async (app, { apiKeys, plans }) => {
  app.get(
    '/api/api-keys',
    {
      schema: { response: { 200: z.object({ keys: z.array(apiKeySchema) }) } },
      config: { access: 'signed-in' },
    },
    async (request) => ({
      keys: (await apiKeys.list(request.user!.id)).map(toApiKey),
    }),
  );

  app.post(
    '/api/api-keys',
    {
      schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } },
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await plans.requireFeature(request.user!.id, 'apiAccess');
      const { row, secret } = await apiKeys.create(request.user!.id, request.body.name);
      const created: ApiKeyCreated = { key: toApiKey(row), secret };
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/api-keys/:keyId',
    {
      schema: {
        params: z.object({ keyId: z.string().max(64) }),
        response: { 204: z.null().describe('Revoked.') },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const row = await apiKeys.revoke(request.user!.id, request.params.keyId);
      if (!row) throw new AppError('not_found', 'API key not found.');
      return reply.status(204).send(null);
    },
  );
};
