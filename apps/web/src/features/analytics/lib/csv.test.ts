import { describe, expect, it } from 'vitest';

import { analyticsCsvFileName, buildAnalyticsCsv } from './csv';
import { emptyReport } from './report-fixture';

const empty = emptyReport({
  range: '7d',
  from: '2026-11-18',
  previousFrom: '2026-11-11',
  previousTo: '2026-11-17',
});

describe('buildAnalyticsCsv', () => {
  it('when the account has no data, then every section is there with zeros and no rows', () => {
    const csv = buildAnalyticsCsv(empty, { botName: null });
    const lines = csv.split('\r\n');
    for (const title of [
      'Report',
      'Totals',
      'Daily',
      'Funnel',
      'Conversion by page',
      'Answers per source',
      'Top questions',
      'Unanswered questions',
      'Languages',
      'Busiest hours (messages)',
      'Model usage',
    ]) {
      expect(lines).toContain(title);
    }
    expect(lines).toContain('Chatbot,All chatbots');
    expect(lines).toContain('Conversations,0,0,0');
    // Nothing to compare an unknown response time with.
    expect(lines).toContain('Avg. response time (seconds),,,');
    expect(lines).toContain('Widget loaded,0,');
    expect(lines).toContain('Opened,0,');
    expect(lines.filter((line) => /^[A-Za-z]+,(0,){23}0$/.test(line))).toHaveLength(7);
  });

  it('writes visitor text guarded and quoted, and names deleted sources', () => {
    const question = {
      key: 'price',
      botId: '7d3f0c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f',
      botName: 'Support, EU',
      question: '=cmd|"/c calc"!A1',
      asked: 3,
      unanswered: 2,
      lastAskedAt: '2026-11-24T10:00:00.000Z',
    };
    const csv = buildAnalyticsCsv(
      {
        ...empty,
        totals: { ...empty.totals, conversations: 10, leads: 2, conversionRate: 20 },
        previous: { ...empty.totals, conversations: 8 },
        daily: [{ date: '2026-11-24', conversations: 10, messages: 40, leads: 2 }],
        pages: [
          { page: 'https://x.test/a,b', loads: 5, conversations: 2, leads: 1, conversionRate: 50 },
        ],
        sources: [{ sourceId: 's1', name: null, answers: 4 }],
        unansweredQuestions: [question],
        heatmap: [{ weekday: 1, hour: 9, messages: 6 }],
        models: [
          {
            answerer: 'openai:gpt-4o-mini',
            answers: 3,
            promptTokens: 100,
            completionTokens: 50,
            estimatedCostUsd: 0.0012,
          },
        ],
      },
      { botName: 'Support' },
    );
    const lines = csv.split('\r\n');
    expect(lines).toContain('Chatbot,Support');
    expect(lines).toContain('Conversations,10,8,25');
    expect(lines).toContain('Leads,2,0,');
    expect(lines).toContain('2026-11-24,10,40,2');
    expect(lines).toContain('"https://x.test/a,b",5,2,1,50');
    expect(lines).toContain('Deleted source,4');
    expect(lines).toContain(`"'=cmd|""/c calc""!A1","Support, EU",3,2,2026-11-24T10:00:00.000Z`);
    expect(lines).toContain('openai:gpt-4o-mini,3,100,50,0.0012');
    expect(lines.some((line) => /^[^,]+,(0,){9}6,(0,){13}0$/.test(line))).toBe(true);
  });

  it('names the file after the period', () => {
    expect(analyticsCsvFileName(empty)).toBe('askwell-analytics-2026-11-18-2026-11-24.csv');
  });
});
