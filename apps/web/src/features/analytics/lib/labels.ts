import type { AnalyticsFunnel, AnalyticsHeatCell, AnalyticsModelUsage } from '@askwell/shared';

import { formatOneDecimal } from '@/lib/format';

export function formatPercent(value: number) {
  return `${formatOneDecimal(value)}%`;
}

export function formatSeconds(value: number) {
  return `${formatOneDecimal(value)}s`;
}

// "+12.5%", "−3.0%", "0.0%"; null (nothing to compare with) is a dash.
export function formatChange(change: number | null) {
  if (change === null) return '—';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${formatOneDecimal(Math.abs(change))}%`;
}

// The report's days are calendar days in the owner's time zone. `new Date('2026-11-24')` would
// be midnight UTC, which is still the 23rd west of Greenwich, so the day is built locally.
export function calendarDay(value: string) {
  const [year, month, date] = value.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

export function answererLabel(answerer: string) {
  if (answerer === 'builtin') return 'Built-in answerer';
  if (answerer === 'qa') return 'Stored answers (Q&A)';
  return answerer;
}

// Only an AI provider reports tokens; the built-in answerer and stored answers use none.
export function hasProviderUsage(models: AnalyticsModelUsage[]) {
  return models.some((model) => model.answerer !== 'builtin' && model.answerer !== 'qa');
}

export function sourceLabel(name: string | null) {
  return name ?? 'Deleted source';
}

let languageNames: Intl.DisplayNames | null | undefined;

// Two or three letters, optionally with a region or script: what a language detector reports.
const languageCode = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

// "German (de)" in the browser's language; the bare code when the browser cannot name it.
export function languageLabel(code: string) {
  if (!code) return 'Unknown';
  if (languageNames === undefined) {
    try {
      languageNames = new Intl.DisplayNames(undefined, { type: 'language' });
    } catch {
      languageNames = null;
    }
  }
  let name: string | undefined;
  // DisplayNames throws on malformed codes and names some special ones ('und', 'root') oddly.
  if (languageCode.test(code) && code !== 'und') {
    try {
      name = languageNames?.of(code);
    } catch {
      name = undefined;
    }
  }
  return name && name !== code ? `${name} (${code})` : code;
}

// Weekday names in the browser's language, Sunday first, matching the API's 0 = Sunday.
// 1 January 2023 was a Sunday.
export function weekdayNames(style: 'long' | 'short' = 'long', locale?: string) {
  const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, weekday) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + weekday))),
  );
}

// 7 × 24 message counts; the API may leave out hours without messages.
export function heatmapGrid(cells: AnalyticsHeatCell[]) {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of cells) {
    const row = grid[cell.weekday];
    if (row && cell.hour >= 0 && cell.hour < 24)
      row[cell.hour] = (row[cell.hour] ?? 0) + cell.messages;
  }
  return grid;
}

export const funnelSteps = [
  { key: 'loaded', label: 'Widget loaded' },
  { key: 'opened', label: 'Opened' },
  { key: 'firstMessage', label: 'First message' },
  { key: 'lead', label: 'Lead' },
] as const satisfies ReadonlyArray<{ key: keyof AnalyticsFunnel; label: string }>;

// The share of the step before that did not reach this one, one decimal; null when the step
// before had nobody (there is nothing to lose).
export function dropOffPercent(previous: number, current: number) {
  if (previous === 0) return null;
  return Math.round(((previous - current) / previous) * 1000) / 10;
}

// Thumbs up as a share of all ratings, one decimal; null without ratings.
export function positiveRate(up: number, down: number) {
  const total = up + down;
  return total === 0 ? null : Math.round((up / total) * 1000) / 10;
}

// "The answer text…" cut at a word near `max` characters.
export function truncate(text: string, max = 160) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
