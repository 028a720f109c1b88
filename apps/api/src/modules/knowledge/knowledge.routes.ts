import multipart from '@fastify/multipart';
import {
  maxFilesPerUpload,
  maxUploadBytes,
  qaSourceInputSchema,
  websiteSourceInputSchema,
  type ArchiveUpload,
  type DocumentKind,
  type FilesUpload,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { botParamsSchema, type BotsService } from '../bots/bots.service';
import type { PlansService } from '../plans/plans.service';
import { uuidPattern } from '../../db/query-helpers';
import {
  receiveFile,
  toKnowledgeSource,
  uploadTooLarge,
  type DocumentAllowance,
  type KnowledgeService,
  type ReceivedFile,
} from './knowledge.service';
import { sanitizeFileName } from './document-storage';
import { nextSyncAt } from './sync-schedule';
import { UploadAllowance, type UploadAllowanceOptions } from './upload-allowance';
import {
  archiveUploadSchema,
  filesUploadSchema,
  knowledgeHitSchema,
  knowledgeSourceSchema,
  trainingStartedSchema,
  trainingStateSchema,
  websitePageSchema,
} from './knowledge.schemas';

const sourceParamsSchema = z.object({ sourceId: z.string().max(64) });

const contentTypes: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

function noFileChosen() {
  return new AppError('validation_error', 'Please choose a file to upload.', {
    file: 'Please choose a file to upload.',
  });
}

function sourceNotFound() {
  return new AppError('not_found', 'Source not found.');
}

export const knowledgeRoutes: FastifyPluginAsyncZod<{
  bots: BotsService;
  knowledge: KnowledgeService;
  plans: PlansService;
  uploadAllowance?: UploadAllowanceOptions;
}> = async (app, { bots, knowledge, plans, uploadAllowance }) => {
  // An upload holds its slot until its response is sent (or the client goes away).
  const uploads = new UploadAllowance(uploadAllowance);
  const claims = new WeakMap<object, { release: (bytes: number) => void; bytes: number }>();
  const releaseUpload = async (request: object) => {
    const claim = claims.get(request);
    claims.delete(request);
    claim?.release(claim.bytes);
  };
  await app.register(multipart, {
    limits: {
      fileSize: maxUploadBytes,
      files: maxFilesPerUpload,
      fields: 4,
      parts: maxFilesPerUpload + 4,
    },
  });

  const ownedBot = (userId: string, botId: string) => bots.requireOwned(userId, botId);

  async function ownedSource(userId: string, sourceId: string) {
    const found = await knowledge.findOwnedSource(userId, sourceId);
    if (!found) throw sourceNotFound();
    return found;
  }

  app.get(
    '/api/sources',
    {
      schema: {
        querystring: z.object({ botId: z.string().regex(uuidPattern).optional() }),
        response: { 200: z.array(knowledgeSourceSchema) },
      },
      config: { access: 'signed-in' },
    },
    async (request) => knowledge.listSources(request.user!.id, request.query.botId),
  );

  app.post(
    '/api/bots/:botId/documents',
    {
      schema: {
        params: botParamsSchema,
        response: {
          200: filesUploadSchema,
          201: z.union([knowledgeSourceSchema, archiveUploadSchema]),
        },
      },
      // The real limits are the account's parallel uploads and bytes (UploadAllowance); this
      // count only stops a flood of requests, far above a bulk upload of hundreds of files.
      config: { access: 'signed-in', rateLimit: { max: 1200, timeWindow: '1 minute' } },
      onResponse: releaseUpload,
      onRequestAbort: releaseUpload,
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const bot = await ownedBot(userId, request.params.botId);
      await plans.requireDocumentAllowance(userId, bot.id);
      // Refuse what is plainly too big before reading a byte of it.
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxUploadBytes + 64 * 1024) throw uploadTooLarge();
      claims.set(request, { release: uploads.claim(userId, declared), bytes: 0 });
      if (!request.isMultipart()) throw noFileChosen();
      // The files of one request share one upload's size.
      const files: ReceivedFile[] = [];
      let receivedBytes = 0;
      try {
        for await (const file of request.files()) {
          const received = await receiveFile(
            { stream: file.file, filename: file.filename },
            maxUploadBytes - receivedBytes,
            (bytes) => (claims.get(request)!.bytes = receivedBytes + bytes),
          );
          receivedBytes += received.size;
          files.push(received);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new AppError(
            'validation_error',
            `Up to ${maxFilesPerUpload} files can be sent in one request.`,
            { file: `Up to ${maxFilesPerUpload} files can be sent in one request.` },
          );
        }
        if (error instanceof AppError && error.code === 'payload_too_large' && files.length > 0) {
          throw new AppError(
            'payload_too_large',
            'These files together are larger than 10 MB. Send them in smaller groups.',
          );
        }
        throw error;
      }
      const [only] = files;
      if (!only) throw noFileChosen();
      const allowDocuments: DocumentAllowance = (count, tx) =>
        plans.requireDocumentAllowance(userId, bot.id, count, tx, { added: true });
      if (files.length > 1) {
        const results = await knowledge.uploadFiles(
          { userId, botId: bot.id },
          files,
          allowDocuments,
        );
        const added: FilesUpload = {
          files: results.map(({ name, source, error }) => ({
            name,
            source: source && toKnowledgeSource(source, bot.name),
            error,
          })),
        };
        return reply.status(200).send(added);
      }
      const uploaded = await knowledge.addUpload({ userId, botId: bot.id }, only, allowDocuments);
      if (uploaded.kind === 'document') {
        return reply.status(201).send(toKnowledgeSource(uploaded.source, bot.name));
      }
      const added: ArchiveUpload = {
        archive: sanitizeFileName(only.filename),
        sources: uploaded.sources.map((row) => toKnowledgeSource(row, bot.name)),
        skipped: uploaded.skipped,
      };
      return reply.status(201).send(added);
    },
  );

  app.post(
    '/api/bots/:botId/websites',
    {
      schema: {
        params: botParamsSchema,
        body: websiteSourceInputSchema,
        response: { 201: knowledgeSourceSchema },
      },
      config: { access: 'signed-in', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const bot = await ownedBot(userId, request.params.botId);
      const { url, maxPages, maxDepth, syncSchedule } = request.body;
      await plans.requireWebsitePagesAllowance(userId, bot.id, maxPages);
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
      schema: {
        params: botParamsSchema,
        body: qaSourceInputSchema,
        response: { 201: knowledgeSourceSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const bot = await ownedBot(userId, request.params.botId);
      const { name, pairs } = request.body;
      const row = await knowledge.createQa({ botId: bot.id, userId }, name, pairs);
      return reply.status(201).send(toKnowledgeSource(row, bot.name));
    },
  );

  app.post(
    '/api/sources/:sourceId/retry',
    {
      schema: { params: sourceParamsSchema, response: { 202: knowledgeSourceSchema } },
      config: { access: 'signed-in' },
    },
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
    {
      schema: { params: sourceParamsSchema, response: { 202: knowledgeSourceSchema } },
      config: { access: 'signed-in' },
    },
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
        response: { 200: knowledgeSourceSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const { source, botName } = await ownedSource(request.user!.id, request.params.sourceId);
      if (source.kind !== 'website') {
        throw new AppError('validation_error', 'Only websites have a sync schedule.');
      }
      const row = await knowledge.setSyncSchedule(source.id, request.body.syncSchedule);
      if (!row) throw sourceNotFound();
      return toKnowledgeSource(row, botName);
    },
  );

  app.delete(
    '/api/sources/:sourceId',
    {
      schema: {
        params: sourceParamsSchema,
        response: { 204: z.null().describe('Deleted, with its passages and stored file.') },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const { source } = await ownedSource(request.user!.id, request.params.sourceId);
      await knowledge.remove(source);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/sources/:sourceId/pages',
    {
      schema: { params: sourceParamsSchema, response: { 200: z.array(websitePageSchema) } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const { source } = await ownedSource(request.user!.id, request.params.sourceId);
      return knowledge.pagesOf(source.id);
    },
  );

  app.get(
    '/api/sources/:sourceId/download',
    {
      schema: {
        params: sourceParamsSchema,
        response: {
          // A file stream, sent as it is: no serializer applies to it.
          200: z.any().describe('The uploaded file as an attachment, in its own content type.'),
        },
      },
      config: { access: 'signed-in', viewAs: false },
    },
    async (request, reply) => {
      const { source } = await ownedSource(request.user!.id, request.params.sourceId);
      const original = source.kind === 'document' ? await knowledge.original(source.id) : null;
      if (!original) throw sourceNotFound();
      const type = contentTypes[source.documentType ?? 'txt'];
      const fallbackName = source.name.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .type(type)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${fallbackName}"; filename*=UTF-8''${encodeURIComponent(source.name)}`,
        )
        .send(original);
    },
  );

  app.get(
    '/api/bots/:botId/training',
    {
      schema: { params: botParamsSchema, response: { 200: trainingStateSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return knowledge.trainingState(request.user!.id, bot.id);
    },
  );

  app.post(
    '/api/bots/:botId/training',
    {
      schema: { params: botParamsSchema, response: { 202: trainingStartedSchema } },
      config: { access: 'signed-in' },
    },
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
        response: { 200: z.array(knowledgeHitSchema) },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const bot = await ownedBot(request.user!.id, request.params.botId);
      return knowledge.search(bot.id, request.query.q, request.query.limit);
    },
  );
};
