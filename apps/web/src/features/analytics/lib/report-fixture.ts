import type { AnalyticsReport, AnalyticsTotals } from '@askwell/shared';

// For tests: a report of an account with no data over the last 30 days, with any fields changed.
const zero: AnalyticsTotals = {
  conversations: 0,
  messages: 0,
  leads: 0,
  conversionRate: 0,
  averageConversationLength: 0,
  averageResponseSeconds: null,
  answered: 0,
  unanswered: 0,
  answeredRate: null,
  thumbsUp: 0,
  thumbsDown: 0,
  widgetLoads: 0,
  widgetOpens: 0,
};

export function emptyReport(changes: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    range: '30d',
    from: '2026-10-26',
    to: '2026-11-24',
    previousFrom: '2026-09-26',
    previousTo: '2026-10-25',
    timeZone: 'Europe/Berlin',
    botId: null,
    totals: zero,
    previous: zero,
    daily: [],
    funnel: { loaded: 0, opened: 0, firstMessage: 0, lead: 0 },
    pages: [],
    sources: [],
    feedback: [],
    topQuestions: [],
    unansweredQuestions: [],
    languages: [],
    heatmap: [],
    models: [],
    ...changes,
  };
}
