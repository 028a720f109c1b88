import {
  webhookUrlSchema,
  type WebhookDelivery,
  type WebhookSecret,
  type WebhookSettings,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { botNotFound, botParamsSchema, type BotsService } from '../bots/bots.service';
import {
  webhookDeliverySchema,
  webhookSecretSchema,
  webhookSettingsSchema,
  webhookSettingsWithDeliveriesSchema,
} from './webhooks.schemas';
import type { WebhookService } from './webhooks.service';

export const webhooksRoutes: FastifyPluginAsyncZod<{
  bots: BotsService;
  webhooks: WebhookService;
}> = async (app, { bots, webhooks }) => {
  const ownedBot = (userId: string, botId: string) => bots.requireOwned(userId, botId);

  app.get(
    '/api/bots/:botId/webhook',
    {
      schema: { params: botParamsSchema, response: { 200: webhookSettingsWithDeliveriesSchema } },
      config: { access: 'signed-in' },
    },
    async (request): Promise<WebhookSettings & { deliveries: WebhookDelivery[] }> => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return { ...webhooks.settingsOf(bot), deliveries: await webhooks.deliveries(bot.id) };
    },
  );

  app.put(
    '/api/bots/:botId/webhook',
    {
      schema: {
        params: botParamsSchema,
        body: webhookUrlSchema,
        response: { 200: webhookSettingsSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request): Promise<WebhookSettings> => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      const updated = await webhooks.setUrl(bot, request.body.url || null);
      if (!updated) throw botNotFound();
      return webhooks.settingsOf(updated);
    },
  );

  app.get(
    '/api/bots/:botId/webhook/secret',
    {
      schema: { params: botParamsSchema, response: { 200: webhookSecretSchema } },
      config: { access: 'signed-in', viewAs: false },
    },
    async (request, reply): Promise<WebhookSecret> => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      const secret = webhooks.revealSecret(bot);
      if (!secret) throw new AppError('not_found', 'No webhook secret has been generated yet.');
      reply.header('cache-control', 'no-store');
      return { secret };
    },
  );

  // Generates the secret, or replaces it: deliveries from then on are signed with the new one.
  app.post(
    '/api/bots/:botId/webhook/secret',
    {
      schema: { params: botParamsSchema, response: { 200: webhookSecretSchema } },
      config: { access: 'signed-in' },
    },
    async (request, reply): Promise<WebhookSecret> => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      const secret = await webhooks.rotateSecret(bot);
      reply.header('cache-control', 'no-store');
      return { secret };
    },
  );

  app.post(
    '/api/bots/:botId/webhook/test',
    {
      schema: {
        params: botParamsSchema,
        response: { 202: webhookDeliverySchema.describe('The test delivery, queued.') },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return reply.status(202).send(await webhooks.sendTest(bot));
    },
  );

  app.get(
    '/api/bots/:botId/webhook/deliveries',
    {
      schema: { params: botParamsSchema, response: { 200: z.array(webhookDeliverySchema) } },
      config: { access: 'signed-in' },
    },
    async (request): Promise<WebhookDelivery[]> => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return webhooks.deliveries(bot.id);
    },
  );
};
