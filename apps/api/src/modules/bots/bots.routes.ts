import { botInputSchema, type Bot, type BotSummary, type KnowledgeStatus } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PlansService } from '../plans/plans.service';
import type { BotRow } from './bots.repository';
import { botSchema, botSummarySchema } from './bots.schemas';
import { botNotFound, botParamsSchema, type BotsService } from './bots.service';

export function toBot(row: BotRow): Bot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tone: row.tone,
    goal: row.goal,
    instructions: row.instructions,
    starterQuestions: row.starterQuestions,
    fallbackMessage: row.fallbackMessage,
    widgetConfig: row.widgetConfig as Bot['widgetConfig'],
    model: row.model,
    enabled: row.enabled,
    allowedDomains: row.allowedDomains,
    leadCapture: row.leadCapture,
    leadAfterMessages: row.leadAfterMessages,
    lastRefusedOrigin: row.lastRefusedOrigin,
    lastRefusedAt: row.lastRefusedAt?.toISOString() ?? null,
    isDemo: row.isDemo,
    staffDisabledAt: row.staffDisabledAt?.toISOString() ?? null,
    staffDisabledReason: row.staffDisabledReason,
    hideBranding: row.hideBranding,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function knowledgeStatus(counts: {
  sourceCount: number;
  processing: number;
  failed: number;
  completed: number;
}): KnowledgeStatus {
  if (counts.sourceCount === 0) return 'empty';
  if (counts.processing > 0) return 'processing';
  if (counts.completed > 0) return 'ready';
  return counts.failed > 0 ? 'failed' : 'pending';
}

export const botsRoutes: FastifyPluginAsyncZod<{
  bots: BotsService;
  plans: PlansService;
}> = async (app, { bots, plans }) => {
  app.get(
    '/api/bots',
    {
      schema: { response: { 200: z.array(botSummarySchema) } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const rows = await bots.listWithKnowledge(request.user!.id);
      return rows.map((row): BotSummary => ({
        ...toBot(row.bot),
        sourceCount: row.sourceCount,
        knowledge: {
          status: knowledgeStatus(row),
          completed: row.completed,
          processing: row.processing,
          failed: row.failed,
          chunks: row.chunks,
        },
        lastConversationAt: row.lastConversationAt?.toISOString() ?? null,
      }));
    },
  );

  app.post(
    '/api/bots',
    {
      schema: { body: botInputSchema, response: { 201: botSchema } },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      await plans.requireBotAllowance(request.user!.id);
      if (request.body.hideBranding) await plans.requireFeature(request.user!.id, 'removeBranding');
      const row = await bots.create(request.user!.id, request.body);
      return reply.status(201).send(toBot(row));
    },
  );

  app.get(
    '/api/bots/:botId',
    {
      schema: { params: botParamsSchema, response: { 200: botSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      return toBot(await bots.requireOwned(request.user!.id, request.params.botId));
    },
  );

  app.put(
    '/api/bots/:botId',
    {
      schema: { params: botParamsSchema, body: botInputSchema, response: { 200: botSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const userId = request.user!.id;
      // Only switching it on is refused: after a downgrade the kept choice must not block saving
      // the rest of the bot.
      if (request.body.hideBranding) {
        const current = await bots.requireOwned(userId, request.params.botId);
        if (!current.hideBranding) await plans.requireFeature(userId, 'removeBranding');
      }
      const row = await bots.update(userId, request.params.botId, request.body);
      if (!row) throw botNotFound();
      return toBot(row);
    },
  );

  app.delete(
    '/api/bots/:botId',
    {
      schema: { params: botParamsSchema, response: { 204: z.null().describe('Deleted.') } },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const { botId } = request.params;
      const userId = request.user!.id;
      await bots.requireOwned(userId, botId);
      // Its sources, with their originals, chunks and conversations, go with it (cascade).
      await bots.delete(userId, botId);
      return reply.status(204).send(null);
    },
  );
};
