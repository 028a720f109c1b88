import multipart from '@fastify/multipart';
import {
  maxUploadBytes,
  qaSourceInputSchema,
  websiteSourceInputSchema,
  type DocumentKind,
} from '@askwell/shared';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { botNotFound, botParamsSchema } from '../bots/bots.routes';
import { findOwnedBot, uuidPattern } from '../bots/bots.repository';
import { sanitizeFileName } from './document-storage';
import { detectDocumentKind } from './extraction/extract-document';
import { findOwnedSource, updateSource } from './knowledge.repository';
import { contentHash, toKnowledgeSource, type KnowledgeService } from './knowledge.service';
import { nextSyncAt } from './sync-schedule';

const sourceParamsSchema = z.object({ sourceId: z.string().max(64) });

const contentTypes: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

function sourceNotFound() {
  return new AppError('not_found', 'Source not found.');
}

function tooLarge() {
  return new AppError(
    'payload_too_large',
    'This file is larger than 10 MB. Split it into smaller files and upload them one by one.',
  );
}

export const knowledgeRoutes: FastifyPluginAsyncZod<{
  db: Database;
  knowledge: KnowledgeService;
}> = async (app, { db, knowledge }) => {
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 4, parts: 5 },
  });

  async function ownedBot(userId: string, botId: string) {
    const bot = await findOwnedBot(db, userId, botId);
    if (!bot) throw botNotFound();
    return bot;
  }

  async function ownedSource(userId: string, sourceId: string) {
    const found = uuidPattern.test(sourceId) ? await findOwnedSource(db, userId, sourceId) : null;
    if (!found) throw sourceNotFound();
    return found;
  }

  app.get(
    '/api/sources',
    {
      schema: { querystring: z.object({ botId: z.string().regex(uuidPattern).optional() }) },
      config: { access: 'signed-in' },
    },
    async (request) => knowledge.listSources(request.user!.id, request.query.botId),
  );

  app.post(
    '/api/bots/:botId/documents',
    {
      schema: { params: botParamsSchema },
      config: { access: 'signed-in', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const bot = await ownedBot(userId, request.params.botId);
      // Refuse what is plainly too big before reading a byte of it.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxUploadBytes + 64 * 1024) throw tooLarge();
      if (!request.isMultipart()) {
        throw new AppError('validation_error', 'Please choose a file to upload.', {
          file: 'Please choose a file to upload.',
        });
      }
      const file = await request.file();
      if (!file) {
        throw new AppError('validation_error', 'Please choose a file to upload.', {
          file: 'Please choose a file to upload.',
        });
      }
      let received: Awaited<ReturnType<typeof knowledge.storage.receive>>;
      try {
        received = await knowledge.storage.receive(file.file);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      const { tempPath } = received;
      let kept: string | null = null;
      try {
        if (file.file.truncated || received.size > maxUploadBytes) throw tooLarge();
        if (received.size === 0) {
          throw new AppError('validation_error', 'This file is empty.', {
            file: 'This file is empty.',
          });
        }
        const bytes = new Uint8Array(await knowledge.storage.read(tempPath));
        const kind = await detectDocumentKind(bytes, file.filename);
        if (!kind) {
          throw new AppError(
            'unsupported_media_type',
            'This file type is not supported. Upload PDF, DOC, DOCX, TXT or MD files.',
          );
        }
        const id = randomUUID();
        kept = knowledge.storage.pathFor(userId, bot.id, id);
        await knowledge.storage.keep(tempPath, kept);
        const row = await knowledge.create({
          id,
          botId: bot.id,
          userId,
          kind: 'document',
          name: sanitizeFileName(file.filename),
          documentType: kind,
          sizeBytes: received.size,
          storagePath: kept,
          contentHash: received.sha256,
        });
        return reply.status(201).send(toKnowledgeSource(row, bot.name));
      } catch (error) {
        await knowledge.storage.discard(tempPath);
        if (kept) await knowledge.storage.discard(kept);
        throw error;
      }
    },
  );

  app.post(
    '/api/bots/:botId/websites',
    {
      schema: { params: botParamsSchema, body: websiteSourceInputSchema },
      config: { access: 'signed-in', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const bot = await ownedBot(userId, request.params.botId);
      const { url, maxPages, maxDepth, syncSchedule } = request.body;
      const row = await knowledge.create({
        botId: bot.id,
        userId,
        kind: 'website',
        name: new URL(url).host + new URL(url).pathname.replace(/\/$/, ''),
        url,
        settings: { maxPages, maxDepth },
        syncSchedule,
        nextSyncAt: nextSyncAt(syncSchedule),
      });
      return reply.status(201).send(toKnowledgeSource(row, bot.name));
    },
  );

  app.post(
    '/api/bots/:botId/qa',
    {
      schema: { params: botParamsSchema, body: qaSourceInputSchema },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const bot = await ownedBot(userId, request.params.botId);
      const { name, pairs } = request.body;
      const row = await knowledge.create({
        botId: bot.id,
        userId,
        kind: 'qa',
        name,
        settings: { pairs },
        contentHash: contentHash(JSON.stringify(pairs)),
      });
      return reply.status(201).send(toKnowledgeSource(row, bot.name));
    },
  );

  app.post(
    '/api/sources/:sourceId/retry',
    { schema: { params: sourceParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const { source, botName } = await ownedSource(request.user!.id, request.params.sourceId);
      if (source.status === 'pending' || source.status === 'processing') {
        return reply.status(202).send(toKnowledgeSource(source, botName));
      }
      const row = await knowledge.reprocess(source);
      if (!row) throw sourceNotFound();
      return reply.status(202).send(toKnowledgeSource(row, botName));
    },
  );

  app.post(
    '/api/sources/:sourceId/sync',
    { schema: { params: sourceParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const { source, botName } = await ownedSource(request.user!.id, request.params.sourceId);
      if (source.kind !== 'website') {
        throw new AppError('validation_error', 'Only websites can be synced.');
      }
      if (source.status === 'pending' || source.status === 'processing') {
        return reply.status(202).send(toKnowledgeSource(source, botName));
      }
      const row = await knowledge.reprocess(source);
      if (!row) throw sourceNotFound();
      return reply.status(202).send(toKnowledgeSource(row, botName));
    },
  );

  app.patch(
    '/api/sources/:sourceId',
    {
      schema: {
        params: sourceParamsSchema,
        body: websiteSourceInputSchema.pick({ syncSchedule: true }),
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const { source, botName } = await ownedSource(request.user!.id, request.params.sourceId);
      if (source.kind !== 'website') {
        throw new AppError('validation_error', 'Only websites have a sync schedule.');
      }
      const { syncSchedule } = request.body;
      const row = await updateSource(db, source.id, {
        syncSchedule,
        nextSyncAt: nextSyncAt(syncSchedule),
      });
      if (!row) throw sourceNotFound();
      return toKnowledgeSource(row, botName);
    },
  );

  app.delete(
    '/api/sources/:sourceId',
    { schema: { params: sourceParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const { source } = await ownedSource(request.user!.id, request.params.sourceId);
      await knowledge.remove(source);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/sources/:sourceId/pages',
    { schema: { params: sourceParamsSchema }, config: { access: 'signed-in' } },
    async (request) => {
      const { source } = await ownedSource(request.user!.id, request.params.sourceId);
      return knowledge.pagesOf(source.id);
    },
  );

  app.get(
    '/api/sources/:sourceId/download',
    { schema: { params: sourceParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const { source } = await ownedSource(request.user!.id, request.params.sourceId);
      if (source.kind !== 'document' || !source.storagePath) throw sourceNotFound();
      const type = contentTypes[(source.documentType as DocumentKind | null) ?? 'txt'];
      const fallbackName = source.name.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .type(type)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${fallbackName}"; filename*=UTF-8''${encodeURIComponent(source.name)}`,
        )
        .send(createReadStream(source.storagePath));
    },
  );

  app.get(
    '/api/bots/:botId/training',
    { schema: { params: botParamsSchema }, config: { access: 'signed-in' } },
    async (request) => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return knowledge.trainingState(request.user!.id, bot.id);
    },
  );

  app.post(
    '/api/bots/:botId/training',
    { schema: { params: botParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return reply.status(202).send(await knowledge.startTraining(request.user!.id, bot.id));
    },
  );

  app.get(
    '/api/bots/:botId/search',
    {
      schema: {
        params: botParamsSchema,
        querystring: z.object({
          q: z.string().trim().min(1, 'Please enter a question.').max(500),
          limit: z.coerce.number().int().min(1).max(50).default(5),
        }),
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return knowledge.index.search(bot.id, request.query.q, request.query.limit);
    },
  );
};
