import {
  analyticsRangeLabels,
  changePercent,
  csvRecords,
  type CsvValue,
  type AnalyticsReport,
  type AnalyticsTotals,
} from '@askwell/shared';

import {
  answererLabel,
  dropOffPercent,
  funnelSteps,
  heatmapGrid,
  languageLabel,
  sourceLabel,
  weekdayNames,
} from './labels';

const totalsRows: Array<[string, keyof AnalyticsTotals]> = [
  ['Conversations', 'conversations'],
  ['Messages', 'messages'],
  ['Leads', 'leads'],
  ['Conversion rate (%)', 'conversionRate'],
  ['Avg. conversation length (messages)', 'averageConversationLength'],
  ['Avg. response time (seconds)', 'averageResponseSeconds'],
  ['Answered from knowledge', 'answered'],
  ['No answer', 'unanswered'],
  ['Answered rate (%)', 'answeredRate'],
  ['Thumbs up', 'thumbsUp'],
  ['Thumbs down', 'thumbsDown'],
  ['Widget loads', 'widgetLoads'],
  ['Widget opens', 'widgetOpens'],
];

type CsvOptions = {
  // The chosen chatbot's name; null for all of them.
  botName: string | null;
};

// The report as shown on the page, one section after another with a blank line between.
export function buildAnalyticsCsv(report: AnalyticsReport, { botName }: CsvOptions) {
  const sections: CsvValue[][][] = [];
  const section = (title: string, header: CsvValue[], rows: CsvValue[][]) =>
    sections.push([[title], header, ...rows]);

  section(
    'Report',
    ['Field', 'Value'],
    [
      ['Range', analyticsRangeLabels[report.range]],
      ['From', report.from],
      ['To', report.to],
      ['Previous period from', report.previousFrom],
      ['Previous period to', report.previousTo],
      ['Chatbot', botName ?? 'All chatbots'],
      ['Time zone', report.timeZone],
    ],
  );

  section(
    'Totals',
    ['Metric', 'This period', 'Previous period', 'Change (%)'],
    totalsRows.map(([label, key]) => {
      const current = report.totals[key];
      const previous = report.previous[key];
      const change =
        current === null || previous === null ? null : changePercent(current, previous);
      return [label, current, previous, change];
    }),
  );

  section(
    'Daily',
    ['Date', 'Conversations', 'Messages', 'Leads'],
    report.daily.map((day) => [day.date, day.conversations, day.messages, day.leads]),
  );

  section(
    'Funnel',
    ['Step', 'Visitors', 'Drop-off from previous step (%)'],
    funnelSteps.map((step, index) => {
      const before = funnelSteps[index - 1];
      const value = report.funnel[step.key];
      return [step.label, value, before ? dropOffPercent(report.funnel[before.key], value) : null];
    }),
  );

  section(
    'Conversion by page',
    ['Page', 'Loads', 'Conversations', 'Leads', 'Conversion (%)'],
    report.pages.map((page) => [
      page.page,
      page.loads,
      page.conversations,
      page.leads,
      page.conversionRate,
    ]),
  );

  section(
    'Answers per source',
    ['Source', 'Answers'],
    report.sources.map((source) => [sourceLabel(source.name), source.answers]),
  );

  section(
    'Top questions',
    ['Question', 'Chatbot', 'Times asked', 'Last asked'],
    report.topQuestions.map((q) => [q.question, q.botName, q.asked, q.lastAskedAt]),
  );

  section(
    'Unanswered questions',
    ['Question', 'Chatbot', 'Times asked', 'Times without an answer', 'Last asked'],
    report.unansweredQuestions.map((q) => [
      q.question,
      q.botName,
      q.asked,
      q.unanswered,
      q.lastAskedAt,
    ]),
  );

  section(
    'Languages',
    ['Language', 'Code', 'Conversations'],
    report.languages.map((entry) => [
      languageLabel(entry.language),
      entry.language,
      entry.conversations,
    ]),
  );

  const days = weekdayNames('long');
  section(
    'Busiest hours (messages)',
    ['Weekday', ...Array.from({ length: 24 }, (_, hour) => `${hour}:00`)],
    heatmapGrid(report.heatmap).map((hours, weekday) => [days[weekday], ...hours]),
  );

  section(
    'Model usage',
    ['Answerer', 'Answers', 'Prompt tokens', 'Completion tokens', 'Est. cost (USD)'],
    report.models.map((model) => [
      answererLabel(model.answerer),
      model.answers,
      model.promptTokens,
      model.completionTokens,
      model.estimatedCostUsd,
    ]),
  );

  return csvRecords(sections.flatMap((rows, index) => (index === 0 ? rows : [[], ...rows])));
}

export function analyticsCsvFileName(report: Pick<AnalyticsReport, 'from' | 'to'>) {
  return `askwell-analytics-${report.from}-${report.to}.csv`;
}
