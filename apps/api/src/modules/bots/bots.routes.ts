import { botInputSchema, type Bot, type BotSummary, type KnowledgeStatus } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { KnowledgeService } from '../knowledge/knowledge.service';
import {
  deleteOwnedBot,
  findOwnedBot,
  insertBot,
  listBotsWithKnowledge,
  updateOwnedBot,
  type BotRow,
} from './bots.repository';

// Ids are checked by the repository, so a malformed one is "not found" like any other unknown id.
export const botParamsSchema = z.object({ botId: z.string().max(64) });

export function botNotFound() {
  return new AppError('not_found', 'Chatbot not found.');
}

export function toBot(row: BotRow): Bot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tone: row.tone as Bot['tone'],
    goal: row.goal as Bot['goal'],
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
  db: Database;
  knowledge: KnowledgeService;
}> = async (app, { db, knowledge }) => {
  app.get('/api/bots', { config: { access: 'signed-in' } }, async (request) => {
    const rows = await listBotsWithKnowledge(db, request.user!.id);
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
  });

  app.post(
    '/api/bots',
    { schema: { body: botInputSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const row = await insertBot(db, request.user!.id, request.body);
      return reply.status(201).send(toBot(row));
    },
  );

  app.get(
    '/api/bots/:botId',
    { schema: { params: botParamsSchema }, config: { access: 'signed-in' } },
    async (request) => {
      const row = await findOwnedBot(db, request.user!.id, request.params.botId);
      if (!row) throw botNotFound();
      return toBot(row);
    },
  );

  app.put(
    '/api/bots/:botId',
    {
      schema: { params: botParamsSchema, body: botInputSchema },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const row = await updateOwnedBot(db, request.user!.id, request.params.botId, request.body);
      if (!row) throw botNotFound();
      return toBot(row);
    },
  );

  app.delete(
    '/api/bots/:botId',
    { schema: { params: botParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const { botId } = request.params;
      const userId = request.user!.id;
      if (!(await findOwnedBot(db, userId, botId))) throw botNotFound();
      // Stored originals go first: the rows cascade, the files would otherwise be orphaned.
      await knowledge.deleteBotFiles(userId, botId);
      await deleteOwnedBot(db, userId, botId);
      return reply.status(204).send();
    },
  );
};
