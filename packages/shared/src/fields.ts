import { z } from 'zod';

// A whole day as YYYY-MM-DD that exists on the calendar: `2020-99-99` or `2023-02-29` would
// otherwise pass a pattern check and fail later as a database error.
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine(isCalendarDate, 'This date does not exist. Use a date like 2026-01-31.');

export function isCalendarDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
