import type { AnalyticsReport } from '@askwell/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { analyticsKeys } from '@/hooks/use-analytics';
import { browserTimeZone } from '@/hooks/use-dashboard-overview';

import { emptyReport } from '../lib/report-fixture';
import { AnalyticsPage } from './analytics-page';

const empty = emptyReport();

const filters = { range: '30d', from: '', to: '', botId: '' } as const;

function render(data?: AnalyticsReport) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (data) client.setQueryData(analyticsKeys.report(filters, browserTimeZone()), data);
  client.setQueryData(['bots', 'list'], []);
  const html = renderToString(
    createElement(
      MemoryRouter,
      { initialEntries: ['/dashboard/analytics'] },
      createElement(QueryClientProvider, { client }, createElement(AnalyticsPage)),
    ),
  );
  const text = html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  const headings = [...html.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((match) =>
    match[1]!.replace(/<[^>]+>/g, ''),
  );
  return { html, text, headings };
}

describe('analytics page', () => {
  it('when the report is on its way, then it says it is loading and offers no export', () => {
    const { text, html } = render();
    expect(text).toContain('Loading...');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Export CSV/);
  });

  it('when a new account has no data, then it shows zeros and the empty states', () => {
    const { text, headings } = render(empty);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Usage Statistics',
        'Funnel',
        'Answer quality',
        'Top questions',
        'Unanswered questions',
        'Languages',
        'Busiest hours',
        'Model usage',
      ]),
    );
    expect(text).toContain('Conversations 0');
    expect(text).toContain('Answered from knowledge — No answers in this period');
    expect(text).toContain('Avg. response time — No answers in this period');
    expect(text).toContain('0.0% vs previous period');
    expect(text).toContain('No questions in this period.');
    expect(text).toContain('No unanswered questions in this period.');
    expect(text).toContain('No feedback in this period.');
    expect(text).toContain(
      'Token counts appear when an AI provider answers; the built-in answerer and stored answers use none.',
    );
    expect(text).toContain('Date range');
    expect(text).toContain('All chatbots');
  });

  it('when there are figures, then the cards show them with labels and comparisons', () => {
    const { text, html } = render({
      ...empty,
      totals: {
        ...empty.totals,
        conversations: 9,
        leads: 1,
        conversionRate: 11.1,
        answered: 3,
        unanswered: 1,
        answeredRate: 75,
        averageResponseSeconds: 1.25,
      },
      previous: { ...empty.totals, conversations: 8, averageResponseSeconds: 1 },
      daily: [{ date: '2026-11-24', conversations: 9, messages: 30, leads: 1 }],
      funnel: { loaded: 100, opened: 40, firstMessage: 9, lead: 1 },
      sources: [{ sourceId: 's1', name: null, answers: 3 }],
      languages: [{ language: 'de', conversations: 9 }],
      unansweredQuestions: [
        {
          key: 'refund polici',
          botId: '7d3f0c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
          botName: 'Support',
          question: 'What is your refund policy?',
          asked: 2,
          unanswered: 2,
          lastAskedAt: new Date().toISOString(),
        },
      ],
      heatmap: [{ weekday: 1, hour: 9, messages: 6 }],
      models: [
        {
          answerer: 'builtin',
          answers: 2,
          promptTokens: 0,
          completionTokens: 0,
          estimatedCostUsd: null,
        },
        {
          answerer: 'openai:gpt-4o-mini',
          answers: 1,
          promptTokens: 120,
          completionTokens: 40,
          estimatedCostUsd: 0.0001,
        },
      ],
    });
    expect(text).toContain('+12.5% vs previous period');
    expect(text).toContain('Conversion rate 11.1%');
    expect(text).toContain('75.0%');
    // The response time rose, which is the bad direction.
    expect(html).toMatch(/text-red-700[^>]*>.*?\+25\.0%/);
    expect(text).toContain('Widget loaded → Opened: 60.0% drop-off');
    expect(text).toContain('Deleted source');
    expect(text).toContain('What is your refund policy?');
    expect(text).toContain('Asked 2 times');
    expect(text).toContain('Add an answer');
    expect(text).toContain('Built-in answerer');
    expect(text).toContain('openai:gpt-4o-mini');
    expect(text).not.toContain('Token counts appear');
    expect(html).toContain('<caption class="sr-only">Messages by weekday and hour of day');
    expect(html.match(/Show table<\/button>/g)).toHaveLength(4);
  });
});
