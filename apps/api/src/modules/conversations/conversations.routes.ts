import {
  conversationListQuerySchema,
  type ConversationDetail,
  type ConversationList,
  type ConversationMessage,
  type ConversationSummary,
  type VisitorDeleteResult,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { attachmentName, toCsv } from '../../lib/csv';
import type { ConversationSummaryRow, MessageRow } from './conversations.repository';
import {
  conversationDetailSchema,
  conversationListSchema,
  visitorDeleteResultSchema,
} from './conversations.schemas';
import type { ConversationsService } from './conversations.service';

const conversationParamsSchema = z.object({ conversationId: z.string().max(64) });
const visitorParamsSchema = z.object({
  botId: z.string().max(64),
  visitorId: z.string().min(1).max(200),
});
const exportQuerySchema = conversationListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'json']).default('csv') });
const exportLimit = 5_000;

function conversationNotFound() {
  return new AppError('not_found', 'Conversation not found.');
}

export function toConversationSummary(row: ConversationSummaryRow): ConversationSummary {
  const { conversation } = row;
  return {
    id: conversation.id,
    botId: conversation.botId,
    botName: row.botName,
    visitorId: conversation.visitorId,
    channel: conversation.channel,
    pageUrl: conversation.pageUrl,
    language: conversation.language,
    messageCount: conversation.messageCount,
    preview: row.preview,
    answered: row.answered,
    leadRequested: row.leadRequested,
    feedback: { up: row.feedbackUp, down: row.feedbackDown },
    lead: row.lead,
    startedAt: conversation.startedAt.toISOString(),
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    endedAt: conversation.endedAt?.toISOString() ?? null,
  };
}

export function toConversationMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'visitor',
    content: row.content,
    sources: row.sources ?? [],
    answerer: row.answerer,
    answeredFromKnowledge: row.answeredFromKnowledge,
    status: row.status,
    latencyMs: row.latencyMs,
    feedback: row.feedback,
    feedbackComment: row.feedbackComment,
    createdAt: row.createdAt.toISOString(),
  };
}

function groupMessages(rows: MessageRow[]) {
  const byConversation = new Map<string, ConversationMessage[]>();
  for (const row of rows) {
    const list = byConversation.get(row.conversationId) ?? [];
    list.push(toConversationMessage(row));
    byConversation.set(row.conversationId, list);
  }
  return byConversation;
}

export const conversationsRoutes: FastifyPluginAsyncZod<{
  conversations: ConversationsService;
}> = async (app, { conversations }) => {
  app.get(
    '/api/conversations',
    {
      schema: {
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request): Promise<ConversationList> => {
      const { page, pageSize, ...filters } = request.query;
      const { rows, total } = await conversations.list(request.user!.id, filters, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { conversations: rows.map(toConversationSummary), total, page, pageSize };
    },
  );

  app.get(
    '/api/conversations/export',
    {
      schema: {
        querystring: exportQuerySchema,
        response: {
          200: z
            .string()
            .describe(
              'A file download: the messages as CSV (text/csv), or with format=json the conversations with their messages as a JSON document.',
            ),
        },
      },
      config: { access: 'signed-in', viewAs: false },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { rows } = await conversations.list(request.user!.id, filters, {
        limit: exportLimit,
        offset: 0,
      });
      const byConversation = groupMessages(
        await conversations.messagesOf(rows.map((row) => row.conversation.id)),
      );
      reply.header('cache-control', 'no-store');
      if (format === 'json') {
        const body: ConversationDetail[] = rows.map((row) => ({
          ...toConversationSummary(row),
          messages: byConversation.get(row.conversation.id) ?? [],
        }));
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${attachmentName('conversations', 'json')}"`,
          )
          .send(JSON.stringify(body, null, 2));
      }
      const lines = rows.flatMap((row) => {
        const summary = toConversationSummary(row);
        return (byConversation.get(row.conversation.id) ?? []).map((message) => [
          summary.id,
          summary.botName,
          summary.visitorId,
          summary.pageUrl,
          summary.language,
          summary.lead?.email,
          message.createdAt,
          message.role,
          message.content,
          message.sources.map((source) => source.title).join('; '),
          message.feedback,
          message.feedbackComment,
        ]);
      });
      const csv = toCsv(
        [
          'Conversation',
          'Bot',
          'Visitor',
          'Page URL',
          'Language',
          'Lead email',
          'Time',
          'Role',
          'Message',
          'Sources',
          'Feedback',
          'Feedback comment',
        ],
        lines,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${attachmentName('conversations', 'csv')}"`,
        )
        .send(csv);
    },
  );

  app.get(
    '/api/conversations/:conversationId',
    {
      schema: { params: conversationParamsSchema, response: { 200: conversationDetailSchema } },
      config: { access: 'signed-in' },
    },
    async (request): Promise<ConversationDetail> => {
      const row = await conversations.findOwned(request.user!.id, request.params.conversationId);
      if (!row) throw conversationNotFound();
      const messages = await conversations.messagesOf([row.conversation.id]);
      return { ...toConversationSummary(row), messages: messages.map(toConversationMessage) };
    },
  );

  app.delete(
    '/api/conversations/:conversationId',
    {
      schema: {
        params: conversationParamsSchema,
        response: { 204: z.null().describe('Deleted.') },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const deleted = await conversations.deleteOwned(
        request.user!.id,
        request.params.conversationId,
      );
      if (!deleted) throw conversationNotFound();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/bots/:botId/visitors/:visitorId',
    {
      schema: { params: visitorParamsSchema, response: { 200: visitorDeleteResultSchema } },
      config: { access: 'signed-in' },
    },
    async (request): Promise<VisitorDeleteResult> => {
      const { botId, visitorId } = request.params;
      return conversations.deleteVisitorData(request.user!.id, botId, visitorId);
    },
  );
};
