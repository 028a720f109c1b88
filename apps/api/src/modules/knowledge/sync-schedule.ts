import type { SyncSchedule } from '@askwell/shared';

const intervals: Record<SyncSchedule, number | null> = {
  manual: null,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

export function nextSyncAt(schedule: SyncSchedule | null, from = new Date()) {
  const interval = schedule ? intervals[schedule] : null;
  return interval ? new Date(from.getTime() + interval) : null;
}
