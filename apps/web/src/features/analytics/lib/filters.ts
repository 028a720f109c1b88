import { analyticsMaxDays, analyticsRanges, type AnalyticsRange } from '@askwell/shared';

import type { AnalyticsFilters } from '@/hooks/use-analytics';

export const defaultAnalyticsFilters: AnalyticsFilters = {
  range: '30d',
  from: '',
  to: '',
  botId: '',
};

const day = /^\d{4}-\d{2}-\d{2}$/;
// The API validates botId as a UUID; anything else in the address would only earn a 400.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The filters live in the address, so a reload or a shared link shows the same report.
export function readAnalyticsFilters(params: URLSearchParams): AnalyticsFilters {
  const range = params.get('range');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const botId = params.get('botId') ?? '';
  const custom = range === 'custom';
  return {
    range: (analyticsRanges as readonly string[]).includes(range ?? '')
      ? (range as AnalyticsRange)
      : defaultAnalyticsFilters.range,
    from: custom && day.test(from) ? from : '',
    to: custom && day.test(to) ? to : '',
    botId: uuid.test(botId) ? botId : '',
  };
}

// The address for a set of filters; the days only belong to a custom range.
export function analyticsSearchParams(filters: AnalyticsFilters) {
  const params = new URLSearchParams({ range: filters.range });
  if (filters.range === 'custom') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
  }
  if (filters.botId) params.set('botId', filters.botId);
  return params;
}

function dayNumber(value: string) {
  const [year, month, date] = value.split('-').map(Number);
  return Date.UTC(year!, month! - 1, date!) / 86_400_000;
}

// The same checks the API makes, so an impossible range is explained before it is sent.
export function customRangeError(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both a start and an end date.';
  if (!day.test(from) || !day.test(to)) return 'Use a date like 2026-11-24.';
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return 'The start date must be on or before the end date.';
  if (days > analyticsMaxDays) {
    return `Choose a range of at most ${analyticsMaxDays} days.`;
  }
  return null;
}
