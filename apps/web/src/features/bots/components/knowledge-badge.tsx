import type { BotSummary } from '@askwell/shared';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';

import { knowledgeLabels } from '../lib/format';

const styles = {
  empty: 'bg-slate-100 text-slate-700 ring-slate-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-amber-50 text-amber-800 ring-amber-200',
  ready: 'bg-green-50 text-green-800 ring-green-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
} as const;

const icons = {
  empty: CircleDashed,
  pending: LoaderCircle,
  processing: LoaderCircle,
  ready: CircleCheck,
  failed: CircleAlert,
} as const;

export function KnowledgeBadge({ knowledge }: { knowledge: BotSummary['knowledge'] }) {
  const Icon = icons[knowledge.status];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        styles[knowledge.status],
      )}
    >
      <Icon
        className={clsx(
          'size-3.5',
          (knowledge.status === 'processing' || knowledge.status === 'pending') && 'animate-spin',
        )}
        aria-hidden="true"
      />
      {knowledgeLabels[knowledge.status]}
    </span>
  );
}

export function knowledgeCounts(knowledge: BotSummary['knowledge']) {
  const parts = [];
  if (knowledge.completed) parts.push(`${knowledge.completed} ready`);
  if (knowledge.processing) parts.push(`${knowledge.processing} processing`);
  if (knowledge.failed) parts.push(`${knowledge.failed} failed`);
  return parts.join(' · ');
}
