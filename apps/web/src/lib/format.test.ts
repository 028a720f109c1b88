import { describe, expect, it } from 'vitest';

import { countOf, formatDateTime, formatNumber, formatRelative, pluralWord } from './format';

describe('countOf', () => {
  it('when there is one, then the noun is singular; otherwise plural, with irregular plurals', () => {
    expect(countOf(1, 'page')).toBe('1 page');
    expect(countOf(0, 'page')).toBe('0 pages');
    expect(countOf(2, 'source')).toBe('2 sources');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
    expect(pluralWord(1, 'chunk')).toBe('chunk');
  });

  it('when the count is large, then it is written with the locale’s grouping', () => {
    expect(countOf(1234, 'page')).toBe(`${formatNumber(1234)} pages`);
    expect(formatNumber(1234)).toBe(new Intl.NumberFormat().format(1234));
  });
});

describe('formatDateTime', () => {
  it('when given an ISO time, then it uses the locale’s medium date and short time', () => {
    const iso = '2026-11-23T20:20:50Z';
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    );
    expect(formatDateTime(iso)).not.toContain(':50');
  });
});

describe('formatRelative', () => {
  it('when the time is recent, then it reads naturally; when old, then it is a date', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(formatRelative('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-01-10T11:55:00Z', now)).toMatch(/5/);
    expect(formatRelative('2025-10-01T12:00:00Z', now)).not.toMatch(/ago/);
  });
});
