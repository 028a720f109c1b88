import type { KnowledgeSource, ProcessingStage } from '@askwell/shared';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';

export const stageLabels: Record<ProcessingStage, string> = {
  uploaded: 'Uploaded',
  extracting: 'Extracting',
  chunking: 'Chunking',
  indexing: 'Indexing',
  completed: 'Completed',
  failed: 'Failed',
};

export function isInFlight(source: Pick<KnowledgeSource, 'status'>) {
  return source.status === 'pending' || source.status === 'processing';
}

type SourceStatusBadgeProps = {
  source: Pick<KnowledgeSource, 'status' | 'progress' | 'stage'>;
  // 'summary' says Processed/Processing/Failed; 'stage' names the pipeline step.
  variant?: 'summary' | 'stage';
};

export function SourceStatusBadge({ source, variant = 'summary' }: SourceStatusBadgeProps) {
  const inFlight = isInFlight(source);
  const label =
    variant === 'stage'
      ? stageLabels[source.stage]
      : source.status === 'completed'
        ? 'Processed'
        : source.status === 'failed'
          ? 'Failed'
          : 'Processing';
  const Icon = inFlight ? LoaderCircle : source.status === 'failed' ? CircleAlert : CircleCheck;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        inFlight && 'bg-amber-50 text-amber-800 ring-amber-200',
        source.status === 'completed' && 'bg-green-50 text-green-800 ring-green-200',
        source.status === 'failed' && 'bg-red-50 text-red-800 ring-red-200',
      )}
    >
      <Icon className={clsx('size-3.5', inFlight && 'animate-spin')} aria-hidden="true" />
      {label}
      {inFlight && variant === 'summary' && <span>{Math.round(source.progress)}%</span>}
    </span>
  );
}
