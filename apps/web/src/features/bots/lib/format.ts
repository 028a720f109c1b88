import type { BotTone, KnowledgeStatus } from '@askwell/shared';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

export function formatDate(iso: string) {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string) {
  return dateTimeFormat.format(new Date(iso));
}

export function formatRelative(iso: string, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relativeFormat.format(seconds, 'second');
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}

export const toneLabels: Record<BotTone, string> = {
  friendly: 'Friendly',
  professional: 'Professional',
  casual: 'Casual',
  formal: 'Formal',
};

export const knowledgeLabels: Record<KnowledgeStatus, string> = {
  empty: 'No knowledge yet',
  pending: 'Processing',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

export function fontLabel(font: string) {
  return font.split(',')[0]!.trim();
}

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
