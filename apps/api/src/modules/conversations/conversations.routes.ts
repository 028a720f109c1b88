import {
  conversationListQuerySchema,
  type ChatSource,
  type ConversationDetail,
  type ConversationFeedback,
  type ConversationList,
  type ConversationMessage,
  type ConversationSummary,
  type VisitorDeleteResult,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { attachmentName, toCsv } from '../../lib/csv';
import { findOwnedBot } from '../bots/bots.repository';
import { botNotFound } from '../bots/bots.routes';
import {
  deleteOwnedConversation,
  deleteVisitorData,
  findOwnedConversation,
  listConversations,
  messagesOf,
  type ConversationSummaryRow,
  type MessageRow,
} from './conversations.repository';

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
    sources: (row.sources ?? []) as ChatSource[],
    answerer: row.answerer,
    answeredFromKnowledge: row.answeredFromKnowledge,
    status: row.status,
    latencyMs: row.latencyMs,
    feedback: (row.feedback as ConversationFeedback | null) ?? null,
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

export const conversationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/conversations',
    { schema: { querystring: conversationListQuerySchema }, config: { access: 'signed-in' } },
    async (request): Promise<ConversationList> => {
      const { page, pageSize, ...filters } = request.query;
      const { rows, total } = await listConversations(db, request.user!.id, filters, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { conversations: rows.map(toConversationSummary), total, page, pageSize };
    },
  );

  app.get(
    '/api/conversations/export',
    { schema: { querystring: exportQuerySchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const { rows } = await listConversations(db, request.user!.id, filters, {
        limit: exportLimit,
        offset: 0,
      });
      const byConversation = groupMessages(
        await messagesOf(
          db,
          rows.map((row) => row.conversation.id),
        ),
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
    { schema: { params: conversationParamsSchema }, config: { access: 'signed-in' } },
    async (request): Promise<ConversationDetail> => {
      const row = await findOwnedConversation(db, request.user!.id, request.params.conversationId);
      if (!row) throw conversationNotFound();
      const messages = await messagesOf(db, [row.conversation.id]);
      return { ...toConversationSummary(row), messages: messages.map(toConversationMessage) };
    },
  );

  app.delete(
    '/api/conversations/:conversationId',
    { schema: { params: conversationParamsSchema }, config: { access: 'signed-in' } },
    async (request, reply) => {
      const deleted = await deleteOwnedConversation(
        db,
        request.user!.id,
        request.params.conversationId,
      );
      if (!deleted) throw conversationNotFound();
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/bots/:botId/visitors/:visitorId',
    { schema: { params: visitorParamsSchema }, config: { access: 'signed-in' } },
    async (request): Promise<VisitorDeleteResult> => {
      const userId = request.user!.id;
      const { botId, visitorId } = request.params;
      if (!(await findOwnedBot(db, userId, botId))) throw botNotFound();
      return deleteVisitorData(db, userId, botId, visitorId);
    },
  );
};
