import { chatMessageMaxLength } from '@askwell/shared';
import { z } from 'zod';
import { errorResponse } from '../../plugins/openapi';

export const chatSourceSchema = z
  .object({
    sourceId: z.string(),
    title: z.string().describe('Document or website name.'),
    page: z.int().nullable().describe('Page of the document, if known.'),
    url: z.string().nullable().describe('Web page the passage came from.'),
    snippet: z.string(),
  })
  .meta({ id: 'ChatSource' });

export const chatResponseSchema = z
  .object({
    sessionId: z.string().describe('Send it back to continue the conversation.'),
    conversationId: z.string().describe('The conversation as listed in your dashboard.'),
    reply: z.string().describe('The answer; markers such as [1] refer to sources[0].'),
    sources: z
      .array(chatSourceSchema)
      .describe('The passages the answer relied on; empty when nothing in the knowledge matched.'),
  })
  .meta({ id: 'ChatResponse' });

export const chatStreamEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('start'), sessionId: z.string(), conversationId: z.string() }),
    z.object({ type: z.literal('token'), text: z.string() }),
    chatResponseSchema.extend({ type: z.literal('done') }),
    z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  ])
  .meta({
    id: 'ChatStreamEvent',
    description:
      'One `start`, any number of `token`, then `done` (the whole answer) or `error`. Each event’s `data` is a JSON object whose `type` is the event name.',
  });

export const chatCompletionSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.int(),
        message: z.object({
          role: z.literal('assistant'),
          content: z.string().describe('The answer, followed by its sources.'),
          refusal: z.null(),
        }),
        logprobs: z.null(),
        finish_reason: z.string(),
      }),
    ),
    usage: z.object({
      prompt_tokens: z.int(),
      completion_tokens: z.int(),
      total_tokens: z.int(),
    }),
    askwell: chatResponseSchema,
  })
  .meta({ id: 'ChatCompletion' });

// What every chat API route can answer besides its own success response.
export const chatApiErrors = {
  400: errorResponse(
    '`validation_error`: a field is missing or wrong, and `error.fields` names it; `invalid_json`: the body is not JSON.',
  ),
  401: errorResponse('`unauthorized`: the API key is missing or unknown.'),
  402: errorResponse(
    '`quota_exceeded`: a plan limit was reached, and `error.message` names it and how to raise it: the account’s plan does not include the chat API, or this month’s messages are used up (the allowance starts again on the first day of the next UTC month, or upgrade in Settings → Plan & Billing).',
  ),
  403: errorResponse(
    '`forbidden`: the API key was revoked, or the chatbot belongs to another account, or it is disabled.',
  ),
  404: errorResponse('`not_found`: no chatbot has this id.'),
  413: errorResponse(
    `\`payload_too_large\`: the message is longer than ${chatMessageMaxLength.toLocaleString('en')} characters.`,
  ),
  429: errorResponse(
    '`rate_limited`: too many requests for this key or this chatbot; wait the seconds given in the `Retry-After` header.',
  ),
  500: errorResponse('`internal_error`: something failed on our side; no details are disclosed.'),
  503: errorResponse(
    '`service_unavailable`: the service is busy; wait the seconds given in the `Retry-After` header.',
  ),
};

// Loose: every other header of the request must stay readable.
export const completionHeadersSchema = z.looseObject({
  'x-askwell-session-id': z
    .string()
    .describe(
      'Continue this conversation (returned in the response header of the same name); at most 128 characters.',
    )
    .optional(),
});

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.unknown()),
});
