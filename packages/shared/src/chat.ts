import { z } from 'zod';

export const chatMessageMaxLength = 4000;

// A passage an answer relied on, as shown under the answer and returned by the public API.
export type ChatSource = {
  sourceId: string;
  title: string;
  page: number | null;
  url: string | null;
  snippet: string;
};

export const chatRequestSchema = z.object({
  botId: z.string().min(1),
  message: z.string().trim().min(1),
  sessionId: z.string().trim().min(1).max(128).optional(),
  stream: z.boolean().optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export type ChatResponse = {
  sessionId: string;
  conversationId: string;
  reply: string;
  sources: ChatSource[];
};

// Server-sent events of a streamed reply, in order: one `start`, any number of `token`, then
// `done` (with the whole reply) or `error`.
export type ChatStreamEvent =
  | { type: 'start'; sessionId: string; conversationId: string }
  | { type: 'token'; text: string }
  | ({ type: 'done' } & ChatResponse)
  | { type: 'error'; code: string; message: string };
