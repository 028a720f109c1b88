import {
  chatMessageMaxLength,
  type ChatResponse,
  type ChatSource,
  type ChatStreamEvent,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { HistoryTurn } from '../conversations/conversations.repository';
import type { ChatService, ChatTurnResult } from './chat.service';
import { publicApiDocument } from '../../plugins/openapi';
import {
  chatApiErrors,
  chatCompletionSchema,
  chatResponseSchema,
  chatStreamEventSchema,
  completionHeadersSchema,
  openApiDocumentSchema,
} from './chat-api.schemas';
import { openSse, wantsEventStream } from './sse';

// Who may call, and with which bot, is checked by plugins/api-key-access.ts.
export type ChatApiOptions = {
  chat: ChatService;
  publicUrl?: string;
};

const chatBodySchema = z.object({
  botId: z
    .string({ error: 'botId is required: the id of the chatbot to ask.' })
    .trim()
    .min(1, 'botId is required: the id of the chatbot to ask.')
    .describe('The id of the chatbot to ask.'),
  message: z
    .string({ error: 'message is required: the text of the question.' })
    .trim()
    .min(1, 'message must not be empty.')
    .describe(`The question, at most ${chatMessageMaxLength.toLocaleString('en')} characters.`),
  sessionId: z
    .string({ error: 'sessionId must be a string.' })
    .trim()
    .min(1, 'sessionId must not be empty.')
    .max(128, 'sessionId must be at most 128 characters.')
    .optional()
    .describe('Continues an earlier conversation; omit it to start a new one.'),
  stream: z
    .boolean({ error: 'stream must be true or false.' })
    .optional()
    .describe('Stream the answer as server-sent events.'),
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
  const { chat } = options;

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

  app.post(
    '/v1/chat',
    {
      schema: {
        operationId: 'chat',
        summary: 'Send a message to a chatbot',
        description:
          'Returns the whole answer as JSON, or, with `"stream": true` or `Accept: text/event-stream`, server-sent events: one `start`, any number of `token`, then `done` (the whole answer) or `error`. Each event’s `data` is a JSON object whose `type` is the event name.',
        security: [{ bearerAuth: [] }],
        body: chatBodySchema,
        response: {
          200: {
            description: 'The answer.',
            content: {
              'application/json': { schema: chatResponseSchema },
              'text/event-stream': { schema: chatStreamEventSchema },
            },
          },
          ...chatApiErrors,
        },
      },
      config: {
        access: 'apiKey',
        apiKeyChatbot: (body) => {
          const { botId, message } = body as z.infer<typeof chatBodySchema>;
          return { botId, message };
        },
      },
    },
    async (request, reply) => {
      const { message, sessionId, stream } = request.body;
      const turn = {
        bot: request.apiKeyCaller!.bot,
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
      schema: {
        operationId: 'chatCompletions',
        summary: 'OpenAI-compatible chat completions',
        description:
          'Lets existing OpenAI clients talk to a chatbot: set the base URL to this server’s `/v1`, the API key to your Askwell key and `model` to the chatbot id. The last user message is the question and earlier user and assistant messages are context; system messages are ignored (the chatbot’s own settings apply). The answer ends with its sources. Send `X-Askwell-Session-Id` to continue a stored conversation.',
        security: [{ bearerAuth: [] }],
        headers: completionHeadersSchema,
        body: completionBodySchema,
        response: {
          200: {
            description:
              'A `chat.completion` object, or with `"stream": true` server-sent `chat.completion.chunk` objects ending with `data: [DONE]`.',
            content: {
              'application/json': { schema: chatCompletionSchema },
              'text/event-stream': { schema: z.string() },
            },
          },
          ...chatApiErrors,
        },
      },
      config: {
        access: 'apiKey',
        apiKeyChatbot: (body) => {
          const { model, messages } = body as z.infer<typeof completionBodySchema>;
          return { botId: model, message: questionOf(conversationOf(messages)).content };
        },
      },
    },
    async (request, reply) => {
      const { model, messages, stream, user } = request.body;
      const turns = conversationOf(messages);
      const last = questionOf(turns);
      const sessionId = headerValue(request.headers[sessionHeader]);
      const turn = {
        bot: request.apiKeyCaller!.bot,
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
          object: 'chat.completion' as const,
          created,
          model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant' as const,
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

  app.get(
    '/v1/openapi.json',
    {
      schema: {
        operationId: 'openApiDocument',
        summary: 'This document',
        response: { 200: openApiDocumentSchema },
      },
      config: { access: 'public' },
    },
    async (request) =>
      publicApiDocument(app, options.publicUrl ?? `${request.protocol}://${request.host}`),
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

function conversationOf(messages: z.infer<typeof completionBodySchema>['messages']) {
  return messages
    .filter((item) => item.role === 'user' || item.role === 'assistant')
    .map((item): HistoryTurn => ({
      role: item.role as HistoryTurn['role'],
      content: textOf(item.content),
    }))
    .filter((turn) => turn.content.trim());
}

// The last turn is the question; checked before the bot so a malformed request learns nothing.
function questionOf(turns: HistoryTurn[]) {
  const last = turns.at(-1);
  if (!last || last.role !== 'user') {
    throw new AppError('validation_error', 'Please check these fields: messages.', {
      messages: 'The last message must be from the user: it is the question.',
    });
  }
  return last;
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
