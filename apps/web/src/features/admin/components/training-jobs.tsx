import type { TrainingJob } from '@askwell/shared';
import clsx from 'clsx';
import { Link } from 'react-router';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { countOf, formatDateTime, formatNumber } from '@/lib/format';

import { useJobAction, useTrainingJobs, type JobFilter } from '../api/system';
import { AdminPanel } from './admin-panel';

const statusStyles: Record<TrainingJob['status'], { label: string; className: string }> = {
  processing: { label: 'Processing', className: 'bg-sky-50 text-sky-800 ring-sky-200' },
  completed: { label: 'Completed', className: 'bg-green-50 text-green-800 ring-green-200' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200' },
  unknown: { label: 'Unknown', className: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

const kindLabels: Record<string, string> = {
  document: 'Document',
  website: 'Website',
  qa: 'Q&A',
};

function StatusBadge({ job }: { job: TrainingJob }) {
  const style = statusStyles[job.status];
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        style.className,
      )}
    >
      {style.label}
    </span>
  );
}

function startedText(job: TrainingJob) {
  if (job.status === 'processing') {
    return job.started_at ? `Started ${formatDateTime(job.started_at)}` : 'Waiting in the queue';
  }
  return `Added ${formatDateTime(job.created_at)} · last change ${formatDateTime(job.updated_at)}`;
}

function JobActions({ job }: { job: TrainingJob }) {
  const action = useJobAction();
  const [confirming, setConfirming] = useState(false);

  const run = (kind: 'retry' | 'cancel') =>
    action.mutate(
      { id: job.id, name: job.name, action: kind },
      { onSettled: () => setConfirming(false) },
    );

  if (job.status === 'failed') {
    return (
      <Button
        size="sm"
        variant="secondary"
        disabled={action.isPending}
        onClick={() => run('retry')}
      >
        {action.isPending ? 'Retrying...' : 'Retry'}
      </Button>
    );
  }
  if (job.status !== 'processing') return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        Cancel
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this job?"
        confirmLabel="Cancel job"
        pending={action.isPending}
        onConfirm={() => run('cancel')}
        onCancel={() => setConfirming(false)}
      >
        “{job.name}” of {job.owner.email} stops being read and is marked failed with the reason
        “Cancelled by staff”. The owner can start it again.
      </ConfirmDialog>
    </>
  );
}

function JobItem({ job, showError }: { job: TrainingJob; showError?: boolean }) {
  return (
    <li className="px-5 py-4 sm:px-6" data-testid="training-job">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="min-w-0 font-medium break-words text-slate-900">{job.name}</p>
            <StatusBadge job={job} />
          </div>
          <p className="mt-0.5 text-sm break-words text-slate-600">
            {kindLabels[job.kind] ?? job.kind} for{' '}
            <Link
              to={`/admin/chatbots/${job.bot.id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {job.bot.name}
            </Link>{' '}
            · {job.owner.email}
          </p>
          <p className="mt-0.5 text-xs text-slate-500">
            {startedText(job)}
            {job.attempts > 1 ? ` · ${countOf(job.attempts, 'attempt')}` : ''}
          </p>
        </div>
        <JobActions job={job} />
      </div>
      {job.status === 'processing' && (
        <div className="mt-2 flex items-center gap-3">
          <ProgressBar value={job.progress} label={`Progress of ${job.name}`} className="flex-1" />
          <span className="w-10 text-right text-xs text-slate-600 tabular-nums">
            {job.progress}%
          </span>
        </div>
      )}
      {showError && job.error && (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800">
          {job.error}
        </p>
      )}
    </li>
  );
}

function JobList({
  filter,
  limit,
  showError,
  empty,
}: {
  filter: JobFilter;
  limit?: number;
  showError?: boolean;
  empty: string;
}) {
  const jobs = useTrainingJobs(filter, limit);
  if (jobs.isPending) {
    return (
      <p role="status" className="px-6 py-8 text-center text-sm text-slate-600">
        Loading...
      </p>
    );
  }
  if (jobs.isError) {
    return (
      <p role="alert" className="m-5 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        Error: {jobs.error.message}
      </p>
    );
  }
  const rows = jobs.data.pages.flatMap((page) => page.jobs);
  if (rows.length === 0) {
    return <p className="px-6 py-8 text-center text-sm text-slate-600">{empty}</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {rows.map((job) => (
          <JobItem key={job.id} job={job} showError={showError} />
        ))}
      </ul>
      {!limit && jobs.hasNextPage && (
        <div className="border-t border-slate-100 px-5 py-3 text-center sm:px-6">
          <Button
            variant="secondary"
            size="sm"
            disabled={jobs.isFetchingNextPage}
            onClick={() => void jobs.fetchNextPage()}
          >
            {jobs.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}

function Counts() {
  const jobs = useTrainingJobs('all', 1);
  const counts = jobs.data?.pages[0]?.counts;
  if (!counts) return null;
  return (
    <span>
      {formatNumber(counts.processing)} processing · {formatNumber(counts.completed)} completed ·{' '}
      {formatNumber(counts.failed)} failed
    </span>
  );
}

const filters: Array<{ value: JobFilter; label: string }> = [
  { value: 'all', label: 'All jobs' },
  { value: 'processing', label: 'Processing' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

// The dashboard shows the newest few and every failed one; /admin/jobs the whole list by status.
export function TrainingJobs({ compact = false }: { compact?: boolean }) {
  const [filter, setFilter] = useState<JobFilter>('all');
  return (
    <div className="space-y-6">
      <AdminPanel
        title="Training Jobs"
        description={
          <>
            Document, website and Q&A jobs of every customer, the most recent first. <Counts />
          </>
        }
      >
        {!compact && (
          <div
            role="group"
            aria-label="Show jobs"
            className="flex flex-wrap gap-2 border-b border-slate-100 px-5 py-3 sm:px-6"
          >
            {filters.map((entry) => (
              <Button
                key={entry.value}
                size="sm"
                variant={filter === entry.value ? 'primary' : 'secondary'}
                aria-pressed={filter === entry.value}
                onClick={() => setFilter(entry.value)}
              >
                {entry.label}
              </Button>
            ))}
          </div>
        )}
        <JobList
          filter={compact ? 'all' : filter}
          limit={compact ? 5 : undefined}
          showError={!compact}
          empty="No training jobs yet: no customer has added a document, website or Q&A."
        />
        {compact && (
          <div className="border-t border-slate-100 px-5 py-3 text-sm sm:px-6">
            <Link to="/admin/jobs" className="font-medium text-brand-700 hover:underline">
              View all training jobs
            </Link>
          </div>
        )}
      </AdminPanel>
      <AdminPanel title="Failed Jobs" description="With the reason each one stopped.">
        <JobList
          filter="failed"
          limit={compact ? 5 : undefined}
          showError
          empty="No failed jobs."
        />
      </AdminPanel>
    </div>
  );
}
