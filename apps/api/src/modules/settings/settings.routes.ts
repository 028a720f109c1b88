import { connectionTestSchema, modelSettingsUpdateSchema } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get('/api/settings', { config: { access: 'signed-in' } }, async (request) =>
    settings.get(request.user!.id),
  );

  app.put(
    '/api/settings',
    { schema: { body: modelSettingsUpdateSchema }, config: { access: 'signed-in' } },
    async (request) => settings.update(request.user!.id, request.body),
  );

  app.post(
    '/api/settings/test-connection',
    {
      schema: { body: connectionTestSchema },
      config: {
        access: 'signed-in',
        // Each test makes an outgoing request on the customer's behalf.
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
    },
    async (request) => settings.testConnection(request.user!.id, request.body.provider),
  );
};
