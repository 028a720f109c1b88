import type {
  AnalyticsFeedback,
  AnalyticsQuestion,
  AnalyticsReport,
  AnalyticsTotals,
} from '@askwell/shared';
import { analyticsRanges } from '@askwell/shared';
import { z } from 'zod';

const count = z.number().int();

const totalsSchema = z.object({
  conversations: count,
  messages: count,
  leads: count,
  conversionRate: z.number(),
  averageConversationLength: z.number(),
  averageResponseSeconds: z.number().nullable(),
  answered: count,
  unanswered: count,
  answeredRate: z.number().nullable(),
  thumbsUp: count,
  thumbsDown: count,
  widgetLoads: count,
  widgetOpens: count,
}) satisfies z.ZodType<AnalyticsTotals>;

const questionSchema = z.object({
  key: z.string(),
  botId: z.string(),
  botName: z.string(),
  question: z.string(),
  asked: count,
  unanswered: count,
  lastAskedAt: z.string(),
}) satisfies z.ZodType<AnalyticsQuestion>;

const feedbackSchema = z.object({
  messageId: z.string(),
  rating: z.enum(['up', 'down']),
  comment: z.string().nullable(),
  answer: z.string(),
  at: z.string(),
}) satisfies z.ZodType<AnalyticsFeedback>;

export const analyticsReportSchema = z.object({
  range: z.enum(analyticsRanges),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  timeZone: z.string(),
  botId: z.string().nullable(),
  totals: totalsSchema,
  previous: totalsSchema,
  daily: z.array(
    z.object({ date: z.string(), conversations: count, messages: count, leads: count }),
  ),
  funnel: z.object({ loaded: count, opened: count, firstMessage: count, lead: count }),
  pages: z.array(
    z.object({
      page: z.string(),
      loads: count,
      conversations: count,
      leads: count,
      conversionRate: z.number(),
    }),
  ),
  sources: z.array(z.object({ sourceId: z.string(), name: z.string().nullable(), answers: count })),
  feedback: z.array(feedbackSchema),
  topQuestions: z.array(questionSchema),
  unansweredQuestions: z.array(questionSchema),
  languages: z.array(z.object({ language: z.string(), conversations: count })),
  heatmap: z.array(z.object({ weekday: count, hour: count, messages: count })),
  models: z.array(
    z.object({
      answerer: z.string(),
      answers: count,
      promptTokens: z.number(),
      completionTokens: z.number(),
      estimatedCostUsd: z.number().nullable(),
    }),
  ),
}) satisfies z.ZodType<AnalyticsReport>;

export const addAnswerResultSchema = z.object({ sourceId: z.string() });
