import { z } from 'zod';

// The analytics page (/dashboard/analytics). Every figure is read from the hourly rollups that
// the database keeps current as conversations, messages, leads and widget events are stored.

export const analyticsRanges = ['today', '7d', '30d', '90d', 'custom'] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

export const analyticsRangeLabels: Record<AnalyticsRange, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom',
};

// A custom range covers at most this many days, so one request reads a bounded number of rows.
export const analyticsMaxDays = 366;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24.');

export const analyticsQuerySchema = z.object({
  range: z.enum(analyticsRanges).default('30d'),
  // Inclusive calendar days in the caller's time zone; only read when range is 'custom'.
  from: isoDate.optional(),
  to: isoDate.optional(),
  botId: z.uuid().optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export type AnalyticsTotals = {
  conversations: number;
  // Visitor messages and answers.
  messages: number;
  leads: number;
  // leads / conversations as a percentage, one decimal.
  conversionRate: number;
  // Messages per conversation, one decimal.
  averageConversationLength: number;
  averageResponseSeconds: number | null;
  // Answers taken from the bot's knowledge, and answers that were the 'no answer' message.
  answered: number;
  unanswered: number;
  // answered / (answered + unanswered) as a percentage, one decimal; null with no answers.
  answeredRate: number | null;
  thumbsUp: number;
  thumbsDown: number;
  widgetLoads: number;
  widgetOpens: number;
};

export type AnalyticsDay = {
  // YYYY-MM-DD in the caller's time zone.
  date: string;
  conversations: number;
  messages: number;
  leads: number;
};

export type AnalyticsFunnel = {
  loaded: number;
  opened: number;
  firstMessage: number;
  lead: number;
};

export type AnalyticsPage = {
  // The page's address without its query or fragment.
  page: string;
  loads: number;
  conversations: number;
  leads: number;
  // leads / conversations, percentage with one decimal.
  conversionRate: number;
};

export type AnalyticsSourceUse = {
  sourceId: string;
  // Null when the source has since been deleted.
  name: string | null;
  answers: number;
};

export type AnalyticsFeedback = {
  messageId: string;
  rating: 'up' | 'down';
  comment: string | null;
  answer: string;
  at: string;
};

export type AnalyticsQuestion = {
  // Questions with the same meaningful words (stemmed, stop words dropped) share a key.
  key: string;
  botId: string;
  botName: string;
  // The most recent wording a visitor used.
  question: string;
  asked: number;
  unanswered: number;
  lastAskedAt: string;
};

export type AnalyticsLanguage = { language: string; conversations: number };

export type AnalyticsHeatCell = {
  // 0 = Sunday … 6 = Saturday, in the caller's time zone.
  weekday: number;
  hour: number;
  messages: number;
};

export type AnalyticsModelUsage = {
  // 'builtin' for the built-in answerer, 'qa' for stored answers, else 'provider:model'.
  answerer: string;
  answers: number;
  promptTokens: number;
  completionTokens: number;
  // Null when the model's price is not known to Askwell.
  estimatedCostUsd: number | null;
};

export type AnalyticsReport = {
  range: AnalyticsRange;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  timeZone: string;
  botId: string | null;
  totals: AnalyticsTotals;
  previous: AnalyticsTotals;
  daily: AnalyticsDay[];
  funnel: AnalyticsFunnel;
  pages: AnalyticsPage[];
  sources: AnalyticsSourceUse[];
  feedback: AnalyticsFeedback[];
  topQuestions: AnalyticsQuestion[];
  unansweredQuestions: AnalyticsQuestion[];
  languages: AnalyticsLanguage[];
  heatmap: AnalyticsHeatCell[];
  models: AnalyticsModelUsage[];
};

export const addAnswerInputSchema = z.object({
  botId: z.uuid(),
  // The unanswered question's key from the report, so a reworded question still clears it.
  key: z.string().max(200).optional(),
  question: z
    .string()
    .trim()
    .min(1, 'Please enter the question.')
    .max(500, 'Keep the question under 500 characters.'),
  answer: z
    .string()
    .trim()
    .min(1, 'Please write the answer.')
    .max(4000, 'Keep the answer under 4,000 characters.'),
});
export type AddAnswerInput = z.infer<typeof addAnswerInputSchema>;

// Events the widget reports for the funnel: the page loaded the widget, the visitor opened it.
export const widgetEventTypes = ['loaded', 'opened'] as const;
export type WidgetEventType = (typeof widgetEventTypes)[number];

// Figures compared with the previous period of the same length.
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
