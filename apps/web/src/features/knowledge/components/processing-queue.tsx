import { documentFailedMessage, type KnowledgeSource } from '@askwell/shared';
import { FileText, Inbox, Trash2 } from 'lucide-react';

import { isInFlight, stageLabels } from '@/components/knowledge/source-status';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ProgressBar } from '@/components/ui/progress-bar';

import type { Upload } from '../hooks/use-uploads';
import { formatFileSize } from '../lib/format-file-size';

export type QueueItem =
  | { kind: 'upload'; key: string; upload: Upload }
  | { kind: 'source'; key: string; source: KnowledgeSource };

export function isFinished(item: QueueItem) {
  return item.kind === 'upload' ? item.upload.status === 'failed' : !isInFlight(item.source);
}

function failureReason(error: string | null) {
  if (!error) return null;
  const reason = error.startsWith(documentFailedMessage)
    ? error.slice(documentFailedMessage.length).replace(/^[:\s.-]+/, '')
    : error;
  return reason || null;
}

function describe(item: QueueItem) {
  if (item.kind === 'upload') {
    const { upload } = item;
    return {
      name: upload.file.name,
      size: upload.file.size,
      progress: upload.progress,
      status:
        upload.status === 'failed'
          ? 'Failed'
          : upload.status === 'queued'
            ? 'Waiting to upload'
            : `Uploading ${upload.progress}%`,
      failed: upload.status === 'failed',
      headline: 'Failed to upload document',
      reason: upload.error,
      botName: null,
    };
  }
  const { source } = item;
  return {
    name: source.name,
    size: source.sizeBytes ?? 0,
    progress: source.status === 'completed' ? 100 : source.progress,
    status:
      source.status === 'pending'
        ? `${stageLabels.uploaded}, waiting`
        : source.status === 'processing'
          ? `${stageLabels[source.stage]} ${Math.round(source.progress)}%`
          : source.status === 'completed'
            ? stageLabels.completed
            : stageLabels.failed,
    failed: source.status === 'failed',
    headline: documentFailedMessage,
    reason: failureReason(source.error),
    botName: source.botName,
  };
}

type ProcessingQueueProps = {
  items: QueueItem[];
  busyIds: ReadonlySet<string>;
  onRemove: (item: QueueItem) => void;
  onRetry: (item: QueueItem) => void;
  onClearAll: () => void;
};

export function ProcessingQueue({
  items,
  busyIds,
  onRemove,
  onRetry,
  onClearAll,
}: ProcessingQueueProps) {
  const finished = items.filter(isFinished).length;
  return (
    <Panel
      title="Processing Queue"
      actions={
        <Button
          variant="ghost"
          size="sm"
          onClick={onClearAll}
          disabled={finished === 0}
          title="Hides finished items from the queue. Their knowledge is kept."
        >
          Clear all
        </Button>
      }
    >
      {items.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <Inbox className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-4 text-base font-semibold text-slate-900">No documents in queue</p>
          <p className="mt-1 text-sm text-slate-600">Upload documents to start processing</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Processing queue" aria-live="polite">
          {items.map((item) => {
            const view = describe(item);
            const busy = busyIds.has(item.key);
            return (
              <li key={item.key} className="px-5 py-4 sm:px-6" data-testid="queue-item">
                <div className="flex items-start gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                    <FileText className="size-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="truncate text-sm font-semibold text-slate-900">{view.name}</p>
                        <p className="text-xs text-slate-500">
                          {formatFileSize(view.size)}
                          {view.botName && ` · ${view.botName}`}
                        </p>
                      </div>
                      <p
                        className={
                          view.failed
                            ? 'shrink-0 text-xs font-semibold text-red-700'
                            : item.kind === 'source' && item.source.status === 'completed'
                              ? 'shrink-0 text-xs font-semibold text-green-700'
                              : 'shrink-0 text-xs font-semibold text-slate-600'
                        }
                        data-testid="queue-status"
                      >
                        {view.status}
                      </p>
                    </div>
                    <ProgressBar
                      className="mt-2"
                      label={`${view.name} progress`}
                      value={view.progress}
                      tone={
                        view.failed
                          ? 'red'
                          : item.kind === 'source' && item.source.status === 'completed'
                            ? 'green'
                            : 'brand'
                      }
                    />
                    {view.failed && (
                      <div className="mt-2 text-sm text-red-700" role="alert">
                        <p className="font-semibold">{view.headline}</p>
                        {view.reason && <p className="break-words">{view.reason}</p>}
                      </div>
                    )}
                    <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                      {view.failed && (
                        <button
                          type="button"
                          onClick={() => onRetry(item)}
                          disabled={busy}
                          className="rounded text-sm font-semibold text-brand-800 hover:text-brand-950 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
                        >
                          Retry<span className="sr-only"> {view.name}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        onClick={() => onRemove(item)}
                        disabled={busy}
                        className="inline-flex items-center gap-1 rounded text-sm font-semibold text-slate-600 hover:text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
                      >
                        <Trash2 className="size-3.5" aria-hidden="true" />
                        Remove<span className="sr-only"> {view.name}</span>
                      </button>
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
