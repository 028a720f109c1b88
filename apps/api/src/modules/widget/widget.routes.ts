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
} from '@askwell/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { consumeThrottle } from '../../lib/throttle';
import { uuidPattern, type BotRow } from '../bots/bots.repository';
import { ownOrigins, originMatches, requestOrigin } from './widget-origin';
import { pickLanguage, widgetTexts, asksToBeContacted } from './widget-texts';
import {
  newVisitorId,
  visitorIdPattern,
  WidgetTokens,
  type WidgetSessionClaims,
} from './widget-token';
import {
  countVisitorMessages,
  endConversations,
  findBot,
  findCurrentConversation,
  hasLead,
  listConversationMessages,
  recordRefusedOrigin,
  setAssistantFeedback,
} from './widget.repository';

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
    },
    options?: { onToken?: (text: string) => void; signal?: AbortSignal },
  ): Promise<{
    sessionId: string;
    conversationId: string;
    reply: string;
    sources: ChatSource[];
    messageId: string;
    answeredFromKnowledge: boolean;
  }>;
};

export type WidgetLeads = {
  capture(
    bot: BotRow,
    input: LeadInput,
    context: { conversationId?: string | null },
  ): Promise<{ created: boolean }>;
};

export type WidgetLimits = {
  // Requests per minute.
  visitorMessages: number;
  botMessages: number;
  visitorRequests: number;
  addressRequests: number;
};

export const defaultWidgetLimits: WidgetLimits = {
  visitorMessages: 20,
  botMessages: 600,
  visitorRequests: 120,
  // Every page view loads the config; offices and mobile carriers put many visitors behind one IP.
  addressRequests: 300,
};

type Gate = { session: boolean; bucket: 'message' | 'request' };

type WidgetContext = {
  bot: BotRow;
  origin: string;
  preview: boolean;
  visitorId: string | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyContextConfig {
    widget?: Gate;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyRequest {
    widget: WidgetContext | null;
  }
}

const botParams = z.object({ botId: z.string().max(64) });
const corsMethods = 'GET, POST, PUT, DELETE, OPTIONS';
const corsHeaders = 'authorization, content-type';

function allowCors(reply: FastifyReply, origin: string) {
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

export const widgetRoutes: FastifyPluginAsyncZod<{
  db: Database;
  secret: string;
  publicUrl?: string;
  chat?: WidgetChat;
  leads?: WidgetLeads;
  limits?: Partial<WidgetLimits>;
}> = async (app, options) => {
  const { db } = options;
  const tokens = new WidgetTokens(options.secret);
  const limits = { ...defaultWidgetLimits, ...options.limits };

  app.decorateRequest('widget', null);

  async function throttle(key: string, max: number) {
    const { allowed, retryAfterSeconds } = await consumeThrottle(db, key, max, 60);
    if (!allowed) {
      throw new AppError(
        'rate_limited',
        'Too many messages at once. Please wait a moment and try again.',
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  }

  // The order is the contract (DESIGN.md §7): bot exists → enabled → origin allowed → visitor
  // session → rate limits. Runs before body validation so a refused caller learns nothing else.
  async function gate(request: FastifyRequest, reply: FastifyReply) {
    const config = request.routeOptions.config.widget;
    if (!config) return;
    const { botId } = request.params as { botId: string };
    // Refusals are readable by the page so the widget can say calmly that chat is unavailable;
    // they reveal nothing about the bot. Data only ever reaches origins that pass every check.
    const own = ownOrigins(request, options.publicUrl);
    const origin = requestOrigin(request, own);
    if (origin) allowCors(reply, origin);
    const bot = await findBot(db, botId);
    if (!bot) throw new AppError('not_found', 'This chat is not available.');
    if (!bot.enabled) throw new AppError('bot_disabled', 'This chat is not available right now.');

    const preview = origin !== null && own.has(origin);
    if (!origin || (!preview && !originMatches(origin, bot.allowedDomains))) {
      if (origin) await recordRefusedOrigin(db, bot.id, origin);
      throw new AppError('origin_not_allowed', 'Chat is not available on this site.');
    }

    let visitorId: string | null = null;
    if (config.session) {
      const claims = readSession(request, tokens);
      if (!claims || claims.botId !== bot.id || claims.origin !== origin) {
        throw new AppError(
          'widget_session_invalid',
          'Your chat session has expired. Please reload the page.',
        );
      }
      visitorId = claims.visitorId;
    }

    if (config.bucket === 'message' && visitorId) {
      await throttle(`widget:visitor-messages:${bot.id}:${visitorId}`, limits.visitorMessages);
      await throttle(`widget:bot-messages:${bot.id}`, limits.botMessages);
    } else if (visitorId) {
      await throttle(`widget:visitor:${bot.id}:${visitorId}`, limits.visitorRequests);
    } else {
      await throttle(`widget:address:${bot.id}:${request.ip}`, limits.addressRequests);
    }
    request.widget = { bot, origin, preview, visitorId };
  }

  app.addHook('preValidation', gate);

  // Preflight: allowed only for origins the bot would answer.
  app.options('/v1/widget/bots/:botId/*', async (request, reply) => {
    const { botId } = request.params as { botId: string };
    const own = ownOrigins(request, options.publicUrl);
    const origin = requestOrigin(request, own);
    const bot = await findBot(db, botId);
    const allowed =
      bot?.enabled && origin && (own.has(origin) || originMatches(origin, bot.allowedDomains));
    if (origin && allowed) {
      allowCors(reply, origin);
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
      },
    },
    async (request, reply) => {
      const { botId, position, theme } = request.query;
      reply.header('cache-control', 'no-store');
      reply.header('x-frame-options', 'SAMEORIGIN');
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
      },
      config: { access: 'public', widget: { session: false, bucket: 'request' } },
    },
    async (request, reply) => {
      const { bot, preview } = request.widget!;
      const language = pickLanguage(request.query.lang, request.headers['accept-language']);
      const body: WidgetBotConfig = {
        botId: bot.id,
        name: bot.name,
        widgetConfig: bot.widgetConfig as WidgetConfig,
        starterQuestions: bot.starterQuestions,
        lead: { enabled: leadCaptureEnabled(bot), afterMessages: bot.leadAfterMessages },
        language,
        texts: widgetTexts(language),
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
      },
      config: { access: 'public', widget: { session: false, bucket: 'request' } },
    },
    async (request, reply) => {
      const { bot, origin } = request.widget!;
      const visitorId = request.body.visitorId ?? newVisitorId();
      const { token, expiresAt } = tokens.issue({ botId: bot.id, origin, visitorId });
      const body: WidgetSession = { token, visitorId, expiresAt: expiresAt.toISOString() };
      return reply.status(201).send(body);
    },
  );

  app.get(
    '/v1/widget/bots/:botId/conversation',
    {
      schema: { params: botParams },
      config: { access: 'public', widget: { session: true, bucket: 'request' } },
    },
    async (request, reply) => {
      const { bot, visitorId } = request.widget!;
      const conversation = await findCurrentConversation(db, bot.id, visitorId!);
      reply.header('cache-control', 'no-store');
      if (!conversation) {
        return {
          conversationId: null,
          messages: [],
          leadCaptured: false,
        } satisfies WidgetConversation;
      }
      const rows = await listConversationMessages(db, conversation.id);
      const body: WidgetConversation = {
        conversationId: conversation.id,
        leadCaptured: await hasLead(db, conversation.id),
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
      schema: { params: botParams },
      config: { access: 'public', widget: { session: true, bucket: 'request' } },
    },
    async (request, reply) => {
      const { bot, visitorId } = request.widget!;
      await endConversations(db, bot.id, visitorId!);
      return reply.status(204).send();
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
      },
      config: { access: 'public', widget: { session: true, bucket: 'request' } },
    },
    async (request) => {
      const { bot, visitorId } = request.widget!;
      const saved = await setAssistantFeedback(db, {
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
      schema: { params: botParams, body: leadInputSchema },
      config: { access: 'public', widget: { session: true, bucket: 'request' } },
    },
    async (request, reply) => {
      const { bot, visitorId } = request.widget!;
      if (!options.leads) throw unavailable();
      if (!leadCaptureEnabled(bot)) {
        throw new AppError('forbidden', 'This chatbot does not collect contact details.');
      }
      const conversation = await findCurrentConversation(db, bot.id, visitorId!);
      const result = await options.leads.capture(bot, request.body, {
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
      },
      config: { access: 'public', widget: { session: true, bucket: 'message' } },
    },
    async (request, reply) => {
      const { bot, preview, visitorId } = request.widget!;
      const chat = options.chat;
      if (!chat) throw unavailable();
      const current = await findCurrentConversation(db, bot.id, visitorId!);

      const abort = new AbortController();
      reply.hijack();
      const raw = reply.raw;
      raw.on('close', () => {
        if (!raw.writableFinished) abort.abort();
      });
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
      });
      const send = (event: WidgetStreamEvent) => {
        if (!raw.writableEnded) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      };
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
          },
          { onToken: (text) => send({ type: 'token', text }), signal: abort.signal },
        );
        send({
          type: 'done',
          conversationId: result.conversationId,
          messageId: result.messageId,
          reply: result.reply,
          sources: result.sources,
          answeredFromKnowledge: result.answeredFromKnowledge,
          leadPrompt: await leadPrompt(db, bot, request.body.message, result),
        });
      } catch (error) {
        if (!abort.signal.aborted) {
          request.log.error({ err: error }, 'widget reply failed');
          const known = error instanceof AppError && error.statusCode < 500;
          send({
            type: 'error',
            code: known ? error.code : 'internal_error',
            message: known ? error.message : 'Something went wrong. Please try again.',
          });
        }
      } finally {
        raw.end();
      }
    },
  );
};

function unavailable() {
  return new AppError('service_unavailable', 'Chat is not available right now.');
}

function readSession(request: FastifyRequest, tokens: WidgetTokens): WidgetSessionClaims | null {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return token ? tokens.verify(token) : null;
}

async function leadPrompt(
  db: Database,
  bot: BotRow,
  message: string,
  result: { conversationId: string; answeredFromKnowledge: boolean },
): Promise<WidgetLeadPrompt | null> {
  if (!leadCaptureEnabled(bot)) return null;
  if (await hasLead(db, result.conversationId)) return null;
  if (asksToBeContacted(message)) return 'contact_request';
  if (!result.answeredFromKnowledge) return 'unanswered';
  if (bot.leadAfterMessages) {
    const sent = await countVisitorMessages(db, result.conversationId);
    if (sent >= bot.leadAfterMessages) return 'message_count';
  }
  return null;
}
