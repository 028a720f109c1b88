import {
  chatMessageMaxLength,
  type ChatResponse,
  type ChatSource,
  type ChatStreamEvent,
} from '@askwell/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashApiKey } from '../api-keys/api-key-secret';
import type { ApiKeyCache } from '../api-keys/api-key-cache';
import { touchApiKey } from '../api-keys/api-keys.repository';
import { findBotById, type HistoryTurn } from './chat.repository';
import type { ChatService, ChatTurnResult } from './chat.service';
import { buildOpenApiDocument } from './openapi';
import { openSse, wantsEventStream } from './sse';

export type ChatApiOptions = {
  db: Database;
  keys: ApiKeyCache;
  chat: ChatService;
  rateLimitPerKey: number;
  rateLimitPerBot: number;
  publicUrl?: string;
};

type ApiCaller = { keyId: string; userId: string };
type BotRow = NonNullable<Awaited<ReturnType<typeof findBotById>>>;

const chatBodySchema = z.object({
  botId: z
    .string({ error: 'botId is required: the id of the chatbot to ask.' })
    .trim()
    .min(1, 'botId is required: the id of the chatbot to ask.'),
  message: z
    .string({ error: 'message is required: the text of the question.' })
    .trim()
    .min(1, 'message must not be empty.'),
  sessionId: z
    .string({ error: 'sessionId must be a string.' })
    .trim()
    .min(1, 'sessionId must not be empty.')
    .max(128, 'sessionId must be at most 128 characters.')
    .optional(),
  stream: z.boolean({ error: 'stream must be true or false.' }).optional(),
});

const contentPartSchema = z.object({ type: z.string(), text: z.string().optional() });
const completionMessageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool'], {
    error: 'role must be system, developer, user, assistant or tool.',
  }),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
});
const completionBodySchema = z.looseObject({
  model: z
    .string({ error: 'model is required: the id of the chatbot to ask.' })
    .trim()
    .min(1, 'model is required: the id of the chatbot to ask.'),
  messages: z
    .array(completionMessageSchema, { error: 'messages must be a list of chat messages.' })
    .min(1, 'messages must hold at least one message.'),
  stream: z.boolean({ error: 'stream must be true or false.' }).optional(),
  user: z.string().max(128).optional(),
});

const sessionHeader = 'x-askwell-session-id';

// The public API is called from customers' servers and apps, never with cookies, so any origin
// may call it; the API key is what grants access.
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': `retry-after, ${sessionHeader}`,
  'cross-origin-resource-policy': 'cross-origin',
};

export const chatApiRoutes: FastifyPluginAsyncZod<ChatApiOptions> = async (app, options) => {
  const { db, chat } = options;
  const callers = new WeakMap<FastifyRequest, ApiCaller>();
  const bots = new WeakMap<FastifyRequest, BotRow>();

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(corsHeaders);
  });
  for (const url of ['/v1/chat', '/v1/chat/completions', '/v1/openapi.json']) {
    app.options(url, async (_request, reply) =>
      reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': `authorization, content-type, accept, ${sessionHeader}`,
          'access-control-max-age': '86400',
        })
        .send(),
    );
  }

  const keyLimit = app.createRateLimit({
    max: options.rateLimitPerKey,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-key:${callers.get(request)?.keyId}`,
  });
  const botLimit = app.createRateLimit({
    max: options.rateLimitPerBot,
    timeWindow: 60_000,
    keyGenerator: (request) => `chat-bot:${bots.get(request)?.id}`,
  });

  // Before the body is read: who is calling (401 unknown, 403 revoked).
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(
        'unauthorized',
        'Missing API key. Send it in the header "Authorization: Bearer <your API key>".',
      );
    }
    const keyHash = hashApiKey(match[1]!);
    const key = await options.keys.find(keyHash);
    if (!key) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new AppError(
        'unauthorized',
        'Unknown API key. Check the key, or create one in Settings.',
      );
    }
    if (key.revokedAt) throw new AppError('forbidden', 'This API key has been revoked.');
    callers.set(request, { keyId: key.id, userId: key.userId });
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000) {
      options.keys.touched(keyHash, new Date());
      touchApiKey(db, key.id).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record API key use'),
      );
    }
  }

  // After validation: the message size, the bot (404, 403 not the key owner's or disabled), then
  // the per-key and per-bot limits.
  async function authorise(request: FastifyRequest, botId: string, message: string | null) {
    if (message !== null && message.length > chatMessageMaxLength) {
      throw new AppError(
        'payload_too_large',
        `The message is too long: at most ${chatMessageMaxLength.toLocaleString('en')} characters.`,
        { message: `At most ${chatMessageMaxLength.toLocaleString('en')} characters.` },
      );
    }
    const caller = callers.get(request)!;
    const bot = await findBotById(db, botId);
    if (!bot) throw new AppError('not_found', 'No chatbot with this id.');
    if (bot.userId !== caller.userId) {
      throw new AppError('forbidden', 'This API key cannot use this chatbot.');
    }
    if (!bot.enabled) throw new AppError('forbidden', 'This chatbot is disabled.');
    bots.set(request, bot);
    for (const limit of [keyLimit, botLimit]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        throw new AppError(
          'rate_limited',
          `Too many requests. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
    }
    return bot;
  }

  app.post(
    '/v1/chat',
    {
      schema: { body: chatBodySchema },
      config: { access: 'public' },
      onRequest: authenticate,
    },
    async (request, reply) => {
      const { botId, message, sessionId, stream } = request.body;
      const bot = await authorise(request, botId, message);
      const turn = {
        bot,
        message,
        sessionId: sessionId ?? null,
        channel: 'api' as const,
        language: request.headers['accept-language'] ?? null,
      };
      if (!wantsEventStream(request.headers.accept, stream)) {
        const result = await chat.reply(turn);
        return toChatResponse(result);
      }
      const sse = openSse(reply);
      const send = (event: ChatStreamEvent) => sse.send(event.type, event);
      try {
        const result = await chat.reply(turn, {
          signal: sse.signal,
          onStart: (conversation) => send({ type: 'start', ...conversation }),
          onToken: (text) => send({ type: 'token', text }),
        });
        send({ type: 'done', ...toChatResponse(result) });
      } catch (error) {
        request.log.error({ err: error }, 'streamed chat reply failed');
        send({
          type: 'error',
          code: 'internal_error',
          message: 'Something went wrong on our side. Please try again in a moment.',
        });
      } finally {
        sse.end();
      }
    },
  );

  app.post(
    '/v1/chat/completions',
    {
      schema: { body: completionBodySchema },
      config: { access: 'public' },
      onRequest: authenticate,
    },
    async (request, reply) => {
      const { model, messages, stream, user } = request.body;
      const turns = messages
        .filter((item) => item.role === 'user' || item.role === 'assistant')
        .map((item): HistoryTurn => ({
          role: item.role as HistoryTurn['role'],
          content: textOf(item.content),
        }))
        .filter((turn) => turn.content.trim());
      const last = turns.at(-1);
      if (!last || last.role !== 'user') {
        throw new AppError('validation_error', 'Please check these fields: messages.', {
          messages: 'The last message must be from the user: it is the question.',
        });
      }
      const bot = await authorise(request, model, last.content);
      const sessionId = headerValue(request.headers[sessionHeader]);
      const turn = {
        bot,
        message: last.content,
        sessionId: sessionId ?? null,
        channel: 'api' as const,
        visitorId: user ?? null,
        language: request.headers['accept-language'] ?? null,
        history: turns.slice(0, -1).slice(-6),
      };
      const created = Math.floor(Date.now() / 1000);

      if (stream !== true) {
        const result = await chat.reply(turn);
        reply.header(sessionHeader, result.sessionId);
        return {
          id: `chatcmpl-${result.messageId}`,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: result.reply + sourcesFooter(result.sources),
                refusal: null,
              },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
          askwell: toChatResponse(result),
        };
      }

      const sse = openSse(reply);
      let id = `chatcmpl-${crypto.randomUUID()}`;
      const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
        sse.sendData(
          JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
          }),
        );
      try {
        const result = await chat.reply(turn, {
          signal: sse.signal,
          onStart: () => chunk({ role: 'assistant', content: '' }),
          onToken: (text) => chunk({ content: text }),
        });
        const footer = sourcesFooter(result.sources);
        if (footer) chunk({ content: footer });
        id = `chatcmpl-${result.messageId}`;
        chunk({}, 'stop');
        sse.sendData('[DONE]');
      } catch (error) {
        request.log.error({ err: error }, 'streamed completion failed');
        sse.sendData(
          JSON.stringify({
            error: {
              code: 'internal_error',
              message: 'Something went wrong on our side. Please try again in a moment.',
            },
          }),
        );
      } finally {
        sse.end();
      }
    },
  );

  app.get('/v1/openapi.json', { config: { access: 'public' } }, async (request) =>
    buildOpenApiDocument(options.publicUrl ?? `${request.protocol}://${request.host}`),
  );
};

function toChatResponse(result: ChatTurnResult): ChatResponse {
  return {
    sessionId: result.sessionId,
    conversationId: result.conversationId,
    reply: result.reply,
    sources: result.sources,
  };
}

function textOf(content: z.infer<typeof completionMessageSchema>['content']) {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .filter((part) => part.type === 'text' && part.text)
    .map((part) => part.text)
    .join('\n');
}

function headerValue(value: string | string[] | undefined) {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed && trimmed.length <= 128 ? trimmed : null;
}

// OpenAI clients have nowhere to put sources, so the completion text carries them.
export function sourcesFooter(sources: ChatSource[]) {
  if (sources.length === 0) return '';
  const lines = sources.map((source, index) => {
    const where = [source.page !== null ? `page ${source.page}` : null, source.url]
      .filter(Boolean)
      .join(', ');
    return `[${index + 1}] ${source.title}${where ? `, ${where}` : ''}`;
  });
  return `\n\nSources:\n${lines.join('\n')}`;
}
