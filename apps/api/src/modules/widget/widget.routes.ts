import {
  chatMessageMaxLength,
  leadCaptureEnabled,
  leadInputSchema,
  type LeadInput,
  type ChatSource,
  type WidgetBotConfig,
  type WidgetConfig,
  type WidgetConversation,
  type WidgetLeadPrompt,
  type WidgetSession,
  type WidgetStreamEvent,
  widgetEventTypes,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponse } from '../../plugins/openapi';
import { allowWidgetCors, mayPreviewBot } from '../../plugins/widget-access';
import { uuidPattern } from '../../db/query-helpers';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { BotRow } from '../bots/bots.repository';
import { servesVisitors, type BotsService } from '../bots/bots.service';
import type { PlansService } from '../plans/plans.service';
import { openSse } from '../chat/sse';
import type { ConversationsService } from '../conversations/conversations.service';
import { ownOrigins, originMatches, requestOrigin } from './widget-origin';
import {
  jsonResponse,
  widgetBotConfigSchema,
  widgetConversationSchema,
  widgetFeedbackSchema,
  widgetLeadResultSchema,
  widgetPageErrors,
  widgetSessionErrors,
  widgetSessionSchema,
  widgetStreamEventSchema,
} from './widget.schemas';
import { pickLanguage, widgetConfigFor, widgetTexts } from './widget-texts';
import { newVisitorId, visitorIdPattern, WidgetTokens } from './widget-token';
import type { WidgetService } from './widget.service';

// The chat engine and lead capture as the widget uses them; the real services are passed in by
// app.ts, so this module depends only on what it calls.
export type WidgetChat = {
  reply(
    input: {
      bot: BotRow;
      message: string;
      sessionId?: string;
      channel: 'widget' | 'preview';
      visitorId?: string;
      pageUrl?: string;
      language?: string;
      leadFormAvailable?: boolean;
    },
    options?: { onToken?: (text: string) => void; signal?: AbortSignal },
  ): Promise<{
    sessionId: string;
    conversationId: string;
    reply: string;
    sources: ChatSource[];
    messageId: string;
    answeredFromKnowledge: boolean;
    // Who wrote the reply ('contact_request' when the visitor asked to be contacted).
    answerer: string;
  }>;
};

export type WidgetLeads = {
  capture(
    bot: BotRow,
    input: LeadInput,
    context: { conversationId?: string | null },
  ): Promise<{ created: boolean }>;
  hasLead(conversationId: string): Promise<boolean>;
  formAvailable(conversationId: string | null): Promise<boolean>;
  promptAfterAnswer(
    bot: BotRow,
    message: string,
    answer: { conversationId: string; answeredFromKnowledge: boolean; answerer: string },
  ): Promise<WidgetLeadPrompt | null>;
};

const botParams = z.object({ botId: z.string().max(64) });
const corsMethods = 'GET, POST, PUT, DELETE, OPTIONS';
const corsHeaders = 'authorization, content-type';

// Which page and visitor may call each route is declared (`widgetPage`, `widgetSession`) and
// checked by plugins/widget-access.ts, which puts the bot, origin and visitor on request.widget.
export const widgetRoutes: FastifyPluginAsyncZod<{
  bots: BotsService;
  conversations: ConversationsService;
  // Signs the visitor session tokens the access plugin verifies.
  secret: string;
  publicUrl?: string;
  chat?: WidgetChat;
  plans: Pick<PlansService, 'consumeMessage'>;
  leads: WidgetLeads;
  presence: Pick<WidgetService, 'visitorSeen' | 'visitorLeft'>;
  analytics: Pick<AnalyticsService, 'recordWidgetEvent'>;
}> = async (app, options) => {
  const { bots, conversations, leads, presence, analytics } = options;
  const tokens = new WidgetTokens(options.secret);

  // Preflight: allowed only for origins the bot would answer.
  app.options('/v1/widget/bots/:botId/*', async (request, reply) => {
    const { botId } = request.params as { botId: string };
    const own = ownOrigins(request, options.publicUrl);
    const origin = requestOrigin(request, own);
    const bot = await bots.findById(botId);
    const allowed =
      bot &&
      servesVisitors(bot) &&
      origin &&
      (own.has(origin) || originMatches(origin, bot.allowedDomains));
    if (origin && allowed) {
      allowWidgetCors(reply, origin);
      reply.header('access-control-allow-methods', corsMethods);
      reply.header('access-control-allow-headers', corsHeaders);
      reply.header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });

  // Askwell's own page with nothing but the snippet, framed by the dashboard as a live preview.
  app.get(
    '/widget-preview',
    {
      schema: {
        querystring: z.object({
          botId: z.string().regex(uuidPattern),
          position: z.enum(['bottom-right', 'bottom-left']).default('bottom-right'),
          theme: z.enum(['light', 'dark']).default('light'),
        }),
        response: {
          200: z.string().describe('text/html: a blank page holding only the widget snippet.'),
        },
      },
    },
    async (request, reply) => {
      const { botId, position, theme } = request.query;
      reply.header('cache-control', 'no-store');
      reply.header('x-frame-options', 'SAMEORIGIN');
      const bot = await bots.findById(botId);
      if (!bot || !(await mayPreviewBot(app.auth, request, bot))) {
        throw new AppError('origin_not_allowed', 'Chat is not available on this site.');
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Widget preview</title><style>html,body{margin:0;height:100%;background:${theme === 'dark' ? '#020617' : '#f1f5f9'}}</style></head><body><script src="/widget.js" data-bot-id="${botId}" data-position="${position}" data-theme="${theme}" data-open="true" async></script></body></html>`,
        );
    },
  );

  app.get(
    '/v1/widget/bots/:botId/config',
    {
      schema: {
        params: botParams,
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: {
          200: jsonResponse('How the widget looks and what it says.', widgetBotConfigSchema),
          ...widgetPageErrors,
        },
      },
      config: { access: 'widgetPage' },
    },
    async (request, reply) => {
      const { bot, preview, plan } = request.widget!;
      const language = pickLanguage(request.query.lang, request.headers['accept-language']);
      const texts = widgetTexts(language);
      const body: WidgetBotConfig = {
        botId: bot.id,
        name: bot.name,
        widgetConfig: widgetConfigFor(bot.widgetConfig as WidgetConfig, language),
        starterQuestions: bot.starterQuestions,
        lead: { enabled: leadCaptureEnabled(bot), afterMessages: bot.leadAfterMessages },
        language,
        // A choice kept from a plan that allowed it is not honoured after a downgrade.
        texts: bot.hideBranding && plan.limits.removeBranding ? { ...texts, poweredBy: '' } : texts,
        preview,
      };
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );

  app.post(
    '/v1/widget/bots/:botId/sessions',
    {
      schema: {
        params: botParams,
        body: z
          .object({ visitorId: z.string().regex(visitorIdPattern).optional() })
          .optional()
          .default({}),
        response: {
          201: jsonResponse('A visitor session for this page’s site.', widgetSessionSchema),
          ...widgetPageErrors,
        },
      },
      config: { access: 'widgetPage' },
    },
    async (request, reply) => {
      const { bot, origin } = request.widget!;
      const visitorId = request.body.visitorId ?? newVisitorId();
      const { token, expiresAt } = tokens.issue({ botId: bot.id, origin, visitorId });
      const body: WidgetSession = { token, visitorId, expiresAt: expiresAt.toISOString() };
      return reply.status(201).send(body);
    },
  );

  // The loader beats while the page is open, so the owner's dashboard counts visitors on the site
  // now; the visitor id is the one the loader keeps for its sessions. The owner's own preview is
  // not a visitor.
  app.post(
    '/v1/widget/bots/:botId/presence',
    {
      schema: {
        params: botParams,
        body: z.object({
          visitorId: z.string().regex(visitorIdPattern),
          leaving: z.boolean().optional().default(false),
        }),
        response: {
          204: z.null().describe('Counted (or, with `leaving`, no longer counted).'),
          ...widgetPageErrors,
        },
      },
      config: { access: 'widgetPage' },
    },
    async (request, reply) => {
      const { bot, preview } = request.widget!;
      if (!preview) {
        const { visitorId, leaving } = request.body;
        if (leaving) await presence.visitorLeft(bot.id, bot.userId, visitorId);
        else await presence.visitorSeen(bot.id, bot.userId, visitorId);
      }
      return reply.status(204).send(null);
    },
  );

  // The analytics funnel's first steps: a page loaded the widget, a visitor opened it. Counted
  // only where the widget may run (the access plugin checks the origin and limits the address).
  app.post(
    '/v1/widget/bots/:botId/events',
    {
      schema: {
        params: botParams,
        body: z.object({
          type: z.enum(widgetEventTypes),
          pageUrl: z
            .url({ protocol: /^https?$/ })
            .max(2048)
            .optional(),
        }),
        response: {
          204: z.null().describe('Counted.'),
          ...widgetPageErrors,
        },
      },
      config: { access: 'widgetPage' },
    },
    async (request, reply) => {
      const { bot, preview } = request.widget!;
      if (!preview) {
        await analytics.recordWidgetEvent({
          botId: bot.id,
          userId: bot.userId,
          type: request.body.type,
          page: request.body.pageUrl ?? null,
        });
      }
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/widget/bots/:botId/conversation',
    {
      schema: {
        params: botParams,
        response: {
          200: jsonResponse('The visitor’s open conversation, if any.', widgetConversationSchema),
          ...widgetSessionErrors,
        },
      },
      config: { access: 'widgetSession' },
    },
    async (request, reply) => {
      const { bot, visitorId } = request.widget!;
      const conversation = await conversations.findCurrent(bot.id, visitorId!);
      reply.header('cache-control', 'no-store');
      if (!conversation) {
        return {
          conversationId: null,
          messages: [],
          leadCaptured: false,
        } satisfies WidgetConversation;
      }
      const rows = await conversations.messagesOfConversation(conversation.id);
      const body: WidgetConversation = {
        conversationId: conversation.id,
        leadCaptured: await leads.hasLead(conversation.id),
        messages: rows.map((row) => ({
          id: row.id,
          role: row.role === 'assistant' ? 'assistant' : 'visitor',
          content: row.content,
          sources: row.sources as ChatSource[],
          feedback: row.feedback === 'up' || row.feedback === 'down' ? row.feedback : null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
      return body;
    },
  );

  app.delete(
    '/v1/widget/bots/:botId/conversation',
    {
      schema: {
        params: botParams,
        response: {
          204: z.null().describe('Ended: the next message starts a new conversation.'),
          ...widgetSessionErrors,
        },
      },
      config: { access: 'widgetSession' },
    },
    async (request, reply) => {
      const { bot, visitorId } = request.widget!;
      await conversations.endForVisitor(bot.id, visitorId!);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/v1/widget/bots/:botId/messages/:messageId/feedback',
    {
      schema: {
        params: botParams.extend({ messageId: z.string().max(64) }),
        body: z.object({
          rating: z.enum(['up', 'down'], { error: 'Choose up or down.' }),
          comment: z
            .string()
            .trim()
            .max(1000, 'Keep the comment under 1000 characters.')
            .optional()
            .transform((value) => value || null),
        }),
        response: {
          200: widgetFeedbackSchema.describe('The feedback as saved.'),
          ...widgetSessionErrors,
          404: errorResponse(
            '`not_found`: no chatbot has this id, or no answer of the visitor’s has.',
          ),
        },
      },
      config: { access: 'widgetSession' },
    },
    async (request) => {
      const { bot, visitorId } = request.widget!;
      const saved = await conversations.setAssistantFeedback({
        botId: bot.id,
        visitorId: visitorId!,
        messageId: request.params.messageId,
        rating: request.body.rating,
        comment: request.body.comment,
      });
      if (!saved) throw new AppError('not_found', 'Message not found.');
      return { rating: request.body.rating, comment: request.body.comment };
    },
  );

  app.post(
    '/v1/widget/bots/:botId/leads',
    {
      schema: {
        params: botParams,
        body: leadInputSchema,
        response: {
          200: widgetLeadResultSchema.describe(
            'This e-mail was already left for this chatbot; its details were updated.',
          ),
          201: widgetLeadResultSchema.describe('A new lead.'),
          ...widgetSessionErrors,
          403: errorResponse(
            '`bot_disabled`, `origin_not_allowed` as for every widget route; `forbidden`: this chatbot does not collect contact details.',
          ),
        },
      },
      config: { access: 'widgetSession' },
    },
    async (request, reply) => {
      const { bot, visitorId } = request.widget!;
      if (!leadCaptureEnabled(bot)) {
        throw new AppError('forbidden', 'This chatbot does not collect contact details.');
      }
      const conversation = await conversations.findCurrent(bot.id, visitorId!);
      const result = await leads.capture(bot, request.body, {
        conversationId: conversation?.id ?? null,
      });
      return reply.status(result.created ? 201 : 200).send({ created: result.created });
    },
  );

  app.post(
    '/v1/widget/bots/:botId/messages',
    {
      schema: {
        params: botParams,
        body: z.object({
          message: z
            .string({ error: 'Please type a message.' })
            .trim()
            .min(1, 'Please type a message.')
            .max(chatMessageMaxLength, `Keep messages under ${chatMessageMaxLength} characters.`),
          pageUrl: z.string().max(2000).optional(),
          language: z.string().max(35).optional(),
        }),
        response: {
          200: {
            description:
              'The answer as server-sent events: one `start`, any number of `token`, then `done` or `error`.',
            content: { 'text/event-stream': { schema: widgetStreamEventSchema } },
          },
          ...widgetSessionErrors,
          402: errorResponse(
            '`quota_exceeded`: the chatbot’s owner has used this month’s messages; the widget tells the visitor the assistant is unavailable right now.',
          ),
        },
      },
      config: { access: 'widgetSession', widgetLimit: 'messages' },
    },
    async (request, reply) => {
      const { bot, preview, visitorId, plan } = request.widget!;
      const chat = options.chat;
      if (!chat) throw unavailable();
      // Before the stream opens, so a message over the month's allowance is a plain 402.
      await options.plans.consumeMessage(bot.userId, plan);
      const current = await conversations.findCurrent(bot.id, visitorId!);

      const sse = openSse(reply);
      const send = (event: WidgetStreamEvent) => sse.sendData(JSON.stringify(event));
      send({ type: 'start' });
      try {
        const result = await chat.reply(
          {
            bot,
            message: request.body.message,
            ...(current ? { sessionId: current.sessionId } : {}),
            channel: preview ? 'preview' : 'widget',
            visitorId: visitorId!,
            ...(request.body.pageUrl ? { pageUrl: request.body.pageUrl } : {}),
            ...(request.body.language ? { language: request.body.language } : {}),
            leadFormAvailable: await leads.formAvailable(current?.id ?? null),
          },
          { onToken: (text) => send({ type: 'token', text }), signal: sse.signal },
        );
        send({
          type: 'done',
          conversationId: result.conversationId,
          messageId: result.messageId,
          reply: result.reply,
          sources: result.sources,
          answeredFromKnowledge: result.answeredFromKnowledge,
          leadPrompt: await leads.promptAfterAnswer(bot, request.body.message, result),
        });
      } catch (error) {
        if (!sse.signal.aborted) {
          request.log.error({ err: error }, 'widget reply failed');
          const known = error instanceof AppError && error.statusCode < 500;
          send({
            type: 'error',
            code: known ? error.code : 'internal_error',
            message: known ? error.message : 'Something went wrong. Please try again.',
          });
        }
      } finally {
        sse.end();
      }
    },
  );
};

function unavailable() {
  return new AppError('service_unavailable', 'Chat is not available right now.');
}
