import { botToneLabels, type KnowledgeStatus } from '@askwell/shared';

export const toneLabels = botToneLabels;

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
