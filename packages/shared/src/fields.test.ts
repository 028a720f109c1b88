import { describe, expect, test } from 'vitest';
import { calendarDate } from './fields';

describe('calendarDate', () => {
  test('when the day exists, then it is accepted', () => {
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDate.safeParse('2026-12-31').success).toBe(true);
  });

  test('when the month, day or leap day does not exist, then it is refused with a message', () => {
    for (const value of ['2020-99-99', '2023-02-29', '2026-04-31', '2026-00-10']) {
      const result = calendarDate.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'This date does not exist. Use a date like 2026-01-31.',
      );
    }
  });

  test('when the shape is not YYYY-MM-DD, then it is refused', () => {
    expect(calendarDate.safeParse('31/01/2026').error?.issues[0]?.message).toBe(
      'Use a date like 2026-01-31.',
    );
  });
});
