import type {
  ChatSource,
  ConversationDetail,
  ConversationFeedback,
  ConversationList,
  ConversationMessage,
  ConversationSummary,
  VisitorDeleteResult,
} from '@askwell/shared';
import { z } from 'zod';

const feedbackValues = ['up', 'down'] as const satisfies readonly ConversationFeedback[];

export const conversationSummarySchema = z.object({
  id: z.string(),
  botId: z.string(),
  botName: z.string(),
  visitorId: z.string().nullable(),
  channel: z.string(),
  pageUrl: z.string().nullable(),
  language: z.string().nullable(),
  messageCount: z.number(),
  preview: z.string().nullable(),
  answered: z.boolean(),
  leadRequested: z.boolean(),
  feedback: z.object({ up: z.number(), down: z.number() }),
  lead: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  endedAt: z.string().nullable(),
}) satisfies z.ZodType<ConversationSummary>;

const chatSourceSchema = z.object({
  sourceId: z.string(),
  title: z.string(),
  page: z.number().nullable(),
  url: z.string().nullable(),
  snippet: z.string(),
}) satisfies z.ZodType<ChatSource>;

export const conversationMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['visitor', 'assistant']),
  content: z.string(),
  sources: z.array(chatSourceSchema),
  answerer: z.string().nullable(),
  answeredFromKnowledge: z.boolean().nullable(),
  status: z.string(),
  latencyMs: z.number().nullable(),
  feedback: z.enum(feedbackValues).nullable(),
  feedbackComment: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<ConversationMessage>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  messages: z.array(conversationMessageSchema),
}) satisfies z.ZodType<ConversationDetail>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
}) satisfies z.ZodType<ConversationList>;

export const visitorDeleteResultSchema = z.object({
  deletedConversations: z.number(),
  deletedLeads: z.number(),
}) satisfies z.ZodType<VisitorDeleteResult>;
