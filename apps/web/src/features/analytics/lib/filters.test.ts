import { describe, expect, it, vi } from 'vitest';

import { analyticsApiQuery, createThrottle } from '@/hooks/use-analytics';

import { analyticsSearchParams, customRangeError, readAnalyticsFilters } from './filters';
import { dropOffPercent, heatmapGrid, languageLabel, weekdayNames } from './labels';

const botId = '7d3f0c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';

describe('analytics filters', () => {
  it('reads the address and writes it back', () => {
    const filters = readAnalyticsFilters(
      new URLSearchParams({ range: 'custom', from: '2026-11-01', to: '2026-11-24', botId }),
    );
    expect(filters).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-24', botId });
    expect(analyticsSearchParams(filters).toString()).toBe(
      `range=custom&from=2026-11-01&to=2026-11-24&botId=${botId}`,
    );
    expect(analyticsApiQuery(filters, 'Europe/Berlin').toString()).toBe(
      `range=custom&from=2026-11-01&to=2026-11-24&botId=${botId}&timeZone=Europe%2FBerlin`,
    );
  });

  it('falls back to 30 days and drops what the API would refuse', () => {
    expect(
      readAnalyticsFilters(new URLSearchParams({ range: 'year', from: 'x', botId: 'nope' })),
    ).toEqual({ range: '30d', from: '', to: '', botId: '' });
    const preset = readAnalyticsFilters(new URLSearchParams({ range: '7d', from: '2026-11-01' }));
    expect(preset.from).toBe('');
    expect(analyticsApiQuery(preset, 'UTC').toString()).toBe('range=7d&timeZone=UTC');
  });

  it('explains an impossible custom range', () => {
    expect(customRangeError('', '2026-11-24')).toMatch(/both/);
    expect(customRangeError('2026-11-25', '2026-11-24')).toMatch(/on or before/);
    expect(customRangeError('2025-01-01', '2026-11-24')).toMatch(/at most 366 days/);
    expect(customRangeError('2026-11-24', '2026-11-24')).toBeNull();
    expect(customRangeError('2025-11-25', '2026-11-24')).toBeNull();
  });
});

describe('labels', () => {
  it('fills the hours the API left out with zeros', () => {
    const grid = heatmapGrid([{ weekday: 0, hour: 23, messages: 4 }]);
    expect(grid).toHaveLength(7);
    expect(grid[0]).toHaveLength(24);
    expect(grid[0]![23]).toBe(4);
    expect(grid.flat().reduce((sum, value) => sum + value, 0)).toBe(4);
  });

  it('starts the week on Sunday', () => {
    expect(weekdayNames('long', 'en')).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it('names a language when it can, and keeps a code it cannot', () => {
    expect(languageLabel('de')).toMatch(/\(de\)$/);
    expect(languageLabel('')).toBe('Unknown');
    expect(languageLabel('und')).toBe('und');
    expect(languageLabel('not a code')).toBe('not a code');
  });

  it('measures drop-off from the step before', () => {
    expect(dropOffPercent(200, 50)).toBe(75);
    expect(dropOffPercent(3, 2)).toBe(33.3);
    expect(dropOffPercent(0, 0)).toBeNull();
  });
});

describe('refresh throttle', () => {
  it('refreshes at once, then folds a burst into one refresh after the wait', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const throttle = createThrottle(run, 5000);
      throttle.call();
      expect(run).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 20; i += 1) throttle.call();
      vi.advanceTimersByTime(4999);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(10_000);
      expect(run).toHaveBeenCalledTimes(2);
      throttle.call();
      expect(run).toHaveBeenCalledTimes(3);
      throttle.call();
      throttle.cancel();
      vi.advanceTimersByTime(10_000);
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
