import {
  adminChatbotsPageSize,
  botFonts,
  botGoals,
  botTones,
  chatbotDisableInputSchema,
  rolesForSection,
  sourceKinds,
  sourceStatuses,
  type AdminChatbot,
  type AdminChatbotDetail,
  type AdminChatbotPage,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../audit/audit.service';
import { botParamsSchema } from '../bots/bots.service';
import type { listAdminChatbots } from './admin-chatbots.repository';
import { ownerName, type AdminChatbotsService } from './admin-chatbots.service';

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;

const ownerSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });

const adminChatbotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  goal: z.enum(botGoals),
  tone: z.enum(botTones),
  created_at: z.string(),
  owner: ownerSchema,
  documents: z.number().int(),
  conversations: z.number().int(),
  enabled: z.boolean(),
  staff_disabled_at: z.string().nullable(),
  staff_disabled_reason: z.string().nullable(),
}) satisfies z.ZodType<AdminChatbot>;

const adminChatbotDetailSchema = adminChatbotSchema
  .omit({ documents: true, conversations: true })
  .extend({
    instructions: z.string(),
    starter_questions: z.array(z.string()),
    fallback_message: z.string(),
    widget_config: z.object({
      primaryColor: z.string(),
      buttonColor: z.string(),
      textColor: z.string(),
      fontFamily: z.enum(botFonts),
      welcomeMessage: z.string(),
      placeholderText: z.string(),
    }),
    allowed_domains: z.array(z.string()),
    model: z.string().nullable(),
    updated_at: z.string(),
    sources: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(sourceKinds),
        status: z.enum(sourceStatuses),
        error: z.string().nullable(),
        chunk_count: z.number().int(),
        created_at: z.string(),
      }),
    ),
    source_count: z.number().int(),
    conversation_count: z.number().int(),
    lead_count: z.number().int(),
    last_conversation_at: z.string().nullable(),
  }) satisfies z.ZodType<AdminChatbotDetail>;

type ListRow = Awaited<ReturnType<typeof listAdminChatbots>>[number];
type Detail = NonNullable<Awaited<ReturnType<AdminChatbotsService['find']>>>;

function toAdminChatbot({ bot, owner, documents, conversations }: ListRow): AdminChatbot {
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    goal: bot.goal,
    tone: bot.tone,
    created_at: bot.createdAt.toISOString(),
    owner: { id: owner.id, email: owner.email, name: ownerName(owner) },
    documents,
    conversations,
    enabled: bot.enabled,
    staff_disabled_at: bot.staffDisabledAt?.toISOString() ?? null,
    staff_disabled_reason: bot.staffDisabledReason,
  };
}

function toDetail(found: Detail): AdminChatbotDetail {
  const { bot, owner } = found;
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    goal: bot.goal,
    tone: bot.tone,
    created_at: bot.createdAt.toISOString(),
    updated_at: bot.updatedAt.toISOString(),
    owner: { id: owner.id, email: owner.email, name: ownerName(owner) },
    enabled: bot.enabled,
    staff_disabled_at: bot.staffDisabledAt?.toISOString() ?? null,
    staff_disabled_reason: bot.staffDisabledReason,
    instructions: bot.instructions,
    starter_questions: bot.starterQuestions,
    fallback_message: bot.fallbackMessage,
    widget_config: bot.widgetConfig as AdminChatbotDetail['widget_config'],
    allowed_domains: bot.allowedDomains,
    model: bot.model,
    sources: found.sources.map((source) => ({
      id: source.id,
      name: source.name,
      kind: source.kind,
      status: source.status,
      error: source.errorMessage,
      chunk_count: source.chunkCount,
      created_at: source.createdAt.toISOString(),
    })),
    source_count: found.sourceCount,
    conversation_count: found.conversationCount,
    lead_count: found.leadCount,
    last_conversation_at: found.lastConversationAt?.toISOString() ?? null,
  };
}

function notFound() {
  return new AppError('not_found', 'No chatbot with this id. It may have been deleted.');
}

// The back office's Chatbots screen: every customer bot, a read-only look inside one, and the
// staff switch for bots that break the terms (their widget and API then refuse them).
export const adminChatbotsRoutes: FastifyPluginAsyncZod<{
  adminChatbots: AdminChatbotsService;
}> = async (app, { adminChatbots }) => {
  const read = { staff: rolesForSection('chatbots') };
  const manage = { staff: rolesForSection('chatbots'), permissions: ['manage_chatbots'] };

  app.get(
    '/api/admin/chatbots',
    {
      schema: {
        querystring: z.object({
          search: z.string().max(200, 'Keep the search under 200 characters.').default(''),
          before: z
            .string()
            .regex(cursorPattern, 'This page link is not valid any more. Reload the list.')
            .optional(),
        }),
        response: {
          200: z.object({
            chatbots: z.array(adminChatbotSchema),
            next_cursor: z.string().nullable(),
          }),
        },
      },
      config: { access: read, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request): Promise<AdminChatbotPage> => {
      const match = request.query.before ? cursorPattern.exec(request.query.before) : null;
      const rows = await adminChatbots.list({
        search: request.query.search,
        before: match ? { at: match[1]!, id: match[2]! } : null,
        // One more than a page tells whether another page follows.
        limit: adminChatbotsPageSize + 1,
      });
      const page = rows.slice(0, adminChatbotsPageSize);
      const last = page.at(-1);
      return {
        chatbots: page.map(toAdminChatbot),
        next_cursor:
          rows.length > adminChatbotsPageSize && last
            ? `${last.bot.cursorAt}_${last.bot.id}`
            : null,
      };
    },
  );

  app.get(
    '/api/admin/chatbots/:botId',
    {
      schema: { params: botParamsSchema, response: { 200: adminChatbotDetailSchema } },
      config: { access: read, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const found = await adminChatbots.find(request.params.botId);
      if (!found) throw notFound();
      return toDetail(found);
    },
  );

  app.post(
    '/api/admin/chatbots/:botId/disable',
    {
      schema: {
        params: botParamsSchema,
        body: chatbotDisableInputSchema,
        response: { 200: adminChatbotDetailSchema },
      },
      config: { access: manage, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const found = await adminChatbots.disable(
        auditActorOf(request),
        request.params.botId,
        request.body.reason,
      );
      if (!found) throw notFound();
      return toDetail(found);
    },
  );

  app.post(
    '/api/admin/chatbots/:botId/enable',
    {
      schema: { params: botParamsSchema, response: { 200: adminChatbotDetailSchema } },
      config: { access: manage, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const found = await adminChatbots.enable(auditActorOf(request), request.params.botId);
      if (!found) throw notFound();
      return toDetail(found);
    },
  );
};
