import { chatMessageMaxLength } from '@askwell/shared';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const commonErrors = {
  '400': errorResponse('The body is not valid; `error.fields` names each bad field.'),
  '401': errorResponse('The API key is missing or unknown.'),
  '403': errorResponse(
    'The API key was revoked, or the chatbot is not owned by the key’s account, or it is disabled.',
  ),
  '404': errorResponse('No chatbot has this id.'),
  '413': errorResponse(`The message is longer than ${chatMessageMaxLength} characters.`),
  '429': {
    ...errorResponse('Too many requests for this key or this chatbot.'),
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before trying again.',
        schema: { type: 'integer' },
      },
    },
  },
  '500': errorResponse('Something failed on our side; no details are disclosed.'),
};

// The public chat API as customers see it; served at /v1/openapi.json.
export function buildOpenApiDocument(baseUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Askwell public chat API',
      version: '1.0.0',
      description:
        'Ask your Askwell chatbots questions from your own servers and apps. Authenticate with an API key from Settings → API Keys, sent as `Authorization: Bearer <key>`. Answers are grounded in the chatbot’s knowledge and cite their sources.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/v1/chat': {
        post: {
          operationId: 'chat',
          summary: 'Send a message to a chatbot',
          description:
            'Returns the whole answer as JSON, or, with `"stream": true` or `Accept: text/event-stream`, server-sent events: one `start`, any number of `token`, then `done` (the whole answer) or `error`. Each event’s `data` is a JSON object whose `type` is the event name.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ChatRequest' },
                example: {
                  botId: '00000000-0000-4000-8000-000000000000',
                  message: 'What are your opening hours?',
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The answer.',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/ChatResponse' } },
                'text/event-stream': { schema: { $ref: '#/components/schemas/ChatStreamEvent' } },
              },
            },
            ...commonErrors,
          },
        },
      },
      '/v1/chat/completions': {
        post: {
          operationId: 'chatCompletions',
          summary: 'OpenAI-compatible chat completions',
          description:
            'Lets existing OpenAI clients talk to a chatbot: set the base URL to `' +
            `${baseUrl}/v1` +
            '`, the API key to your Askwell key and `model` to the chatbot id. The last user message is the question and earlier user and assistant messages are context; system messages are ignored (the chatbot’s own settings apply). The answer ends with its sources. Send `X-Askwell-Session-Id` to continue a stored conversation.',
          parameters: [
            {
              name: 'X-Askwell-Session-Id',
              in: 'header',
              required: false,
              schema: { type: 'string', maxLength: 128 },
              description:
                'Continue this conversation (returned in the response header of the same name).',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ChatCompletionRequest' },
                example: {
                  model: '00000000-0000-4000-8000-000000000000',
                  messages: [{ role: 'user', content: 'What are your opening hours?' }],
                },
              },
            },
          },
          responses: {
            '200': {
              description:
                'A `chat.completion` object, or with `"stream": true` server-sent `chat.completion.chunk` objects ending with `data: [DONE]`.',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/ChatCompletion' },
                },
                'text/event-stream': { schema: { type: 'string' } },
              },
            },
            ...commonErrors,
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An Askwell API key.' },
      },
      schemas: {
        ChatRequest: {
          type: 'object',
          required: ['botId', 'message'],
          properties: {
            botId: { type: 'string', description: 'The chatbot’s id.' },
            message: { type: 'string', minLength: 1, maxLength: chatMessageMaxLength },
            sessionId: {
              type: 'string',
              maxLength: 128,
              description: 'Continue this conversation; omit to start one (its id is returned).',
            },
            stream: { type: 'boolean', description: 'Stream the answer as server-sent events.' },
          },
        },
        ChatSource: {
          type: 'object',
          required: ['sourceId', 'title', 'page', 'url', 'snippet'],
          properties: {
            sourceId: { type: 'string' },
            title: { type: 'string', description: 'Document or website name.' },
            page: { type: ['integer', 'null'], description: 'Page of the document, if known.' },
            url: { type: ['string', 'null'], description: 'Web page the passage came from.' },
            snippet: { type: 'string' },
          },
        },
        ChatResponse: {
          type: 'object',
          required: ['sessionId', 'conversationId', 'reply', 'sources'],
          properties: {
            sessionId: { type: 'string' },
            conversationId: { type: 'string' },
            reply: {
              type: 'string',
              description: 'The answer; markers such as [1] refer to sources[0].',
            },
            sources: { type: 'array', items: { $ref: '#/components/schemas/ChatSource' } },
          },
        },
        ChatStreamEvent: {
          oneOf: [
            {
              type: 'object',
              required: ['type', 'sessionId', 'conversationId'],
              properties: {
                type: { const: 'start' },
                sessionId: { type: 'string' },
                conversationId: { type: 'string' },
              },
            },
            {
              type: 'object',
              required: ['type', 'text'],
              properties: { type: { const: 'token' }, text: { type: 'string' } },
            },
            {
              allOf: [
                { $ref: '#/components/schemas/ChatResponse' },
                { type: 'object', required: ['type'], properties: { type: { const: 'done' } } },
              ],
            },
            {
              type: 'object',
              required: ['type', 'code', 'message'],
              properties: {
                type: { const: 'error' },
                code: { type: 'string' },
                message: { type: 'string' },
              },
            },
          ],
        },
        ChatCompletionRequest: {
          type: 'object',
          required: ['model', 'messages'],
          properties: {
            model: { type: 'string', description: 'The chatbot’s id.' },
            messages: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['role'],
                properties: {
                  role: { enum: ['system', 'developer', 'user', 'assistant', 'tool'] },
                  content: {
                    oneOf: [
                      { type: 'string' },
                      {
                        type: 'array',
                        items: {
                          type: 'object',
                          properties: { type: { type: 'string' }, text: { type: 'string' } },
                        },
                      },
                    ],
                  },
                },
              },
            },
            stream: { type: 'boolean' },
            user: {
              type: 'string',
              description: 'Your id for the person asking; stored with the conversation.',
            },
          },
        },
        ChatCompletion: {
          type: 'object',
          required: ['id', 'object', 'created', 'model', 'choices'],
          properties: {
            id: { type: 'string' },
            object: { const: 'chat.completion' },
            created: { type: 'integer' },
            model: { type: 'string' },
            choices: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  index: { type: 'integer' },
                  message: {
                    type: 'object',
                    properties: {
                      role: { const: 'assistant' },
                      content: { type: 'string' },
                    },
                  },
                  finish_reason: { type: 'string' },
                },
              },
            },
            askwell: { $ref: '#/components/schemas/ChatResponse' },
          },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', examples: ['unauthorized', 'rate_limited'] },
                message: { type: 'string' },
                fields: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}
