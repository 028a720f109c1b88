import type { KnowledgeSource } from '@askwell/shared';
import { Download, FileText, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';

import { SourceStatusBadge } from '@/components/knowledge/source-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';

import { downloadUrl, useDeleteSource, useRetrySource } from '../api/source-actions';
import { formatDate, formatDateTime } from '@/lib/format';
import { useViewAs } from '@/lib/view-as';
import { formatFileSize } from '../lib/format-file-size';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50';

type DocumentsTableProps = {
  documents: KnowledgeSource[] | undefined;
  loading: boolean;
  error: Error | null;
};

export function DocumentsTable({ documents, loading, error }: DocumentsTableProps) {
  const retry = useRetrySource();
  const remove = useDeleteSource();
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  // Staff viewing the account see the list; the customer's original files are not handed out.
  const viewing = Boolean(useViewAs());

  return (
    <Panel title="All documents" description="Every document in your chatbots' knowledge.">
      {loading ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-600"
        >
          <Spinner className="size-4" /> Loading documents...
        </p>
      ) : error ? (
        <p role="alert" className="px-6 py-12 text-center text-sm text-red-800">
          Documents could not be loaded: {error.message}
        </p>
      ) : !documents || documents.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-slate-600">
          No documents yet. Uploaded files appear here once they reach the server.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">All documents</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-3 sm:px-6">
                  Document
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Chatbot
                </th>
                <th scope="col" className="hidden px-4 py-3 2xl:table-cell">
                  Type
                </th>
                <th scope="col" className="hidden px-4 py-3 2xl:table-cell">
                  Size
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-3 text-right xl:table-cell">
                  Chunks
                </th>
                <th scope="col" className="hidden px-4 py-3 md:table-cell">
                  Uploaded
                </th>
                <th scope="col" className="px-4 py-3 text-right sm:px-6">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {documents.map((source) => (
                <tr key={source.id} className="hover:bg-slate-50/70" data-testid="document-row">
                  <td className="w-full max-w-0 px-5 py-3.5 sm:px-6">
                    <div className="flex items-center gap-3">
                      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 sm:flex">
                        <FileText className="size-4" aria-hidden="true" />
                      </span>
                      <div className="min-w-0">
                        <p className="truncate font-semibold text-slate-900" title={source.name}>
                          {source.name}
                        </p>
                        <p className="truncate text-xs text-slate-500 2xl:hidden">
                          <span className="md:hidden">{source.botName} · </span>
                          {source.documentType?.toUpperCase()} ·{' '}
                          {formatFileSize(source.sizeBytes ?? 0)}
                        </p>
                        <div className="mt-1 sm:hidden">
                          <SourceStatusBadge source={source} />
                        </div>
                        {source.status === 'failed' && source.error && (
                          <p className="mt-0.5 truncate text-xs text-red-700" title={source.error}>
                            {source.error}
                          </p>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="hidden max-w-40 truncate px-4 py-3.5 text-slate-700 md:table-cell">
                    {source.botName}
                  </td>
                  <td className="hidden px-4 py-3.5 text-slate-700 2xl:table-cell">
                    {source.documentType?.toUpperCase() ?? '—'}
                  </td>
                  <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 2xl:table-cell">
                    {formatFileSize(source.sizeBytes ?? 0)}
                  </td>
                  <td className="hidden px-4 py-3.5 sm:table-cell">
                    <SourceStatusBadge source={source} />
                  </td>
                  <td className="hidden px-4 py-3.5 text-right text-slate-700 tabular-nums xl:table-cell">
                    {source.chunkCount}
                  </td>
                  <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 md:table-cell">
                    <time dateTime={source.createdAt} title={formatDateTime(source.createdAt)}>
                      {formatDate(source.createdAt)}
                    </time>
                  </td>
                  <td className="px-4 py-3.5 sm:px-6">
                    <div className="flex justify-end gap-1">
                      {!viewing && (
                        <a
                          href={downloadUrl(source.id)}
                          className={iconButton}
                          title="Download original"
                          download
                        >
                          <Download className="size-4" aria-hidden="true" />
                          <span className="sr-only">Download {source.name}</span>
                        </a>
                      )}
                      <button
                        type="button"
                        className={iconButton}
                        title="Reprocess"
                        disabled={retry.isPending && retry.variables === source.id}
                        onClick={() =>
                          retry.mutate(source.id, {
                            onSuccess: () => toast.success(`Reprocessing ${source.name}`),
                            onError: (failure) => toast.error(failure.message),
                          })
                        }
                      >
                        <RefreshCw className="size-4" aria-hidden="true" />
                        <span className="sr-only">Reprocess {source.name}</span>
                      </button>
                      <button
                        type="button"
                        className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
                        title="Delete"
                        onClick={() => setDeleting(source)}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        <span className="sr-only">Delete {source.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this document?"
        confirmLabel="Delete document"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(`${deleting.name} was deleted`),
            onError: (failure) => toast.error(failure.message),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          <strong className="font-semibold break-words text-slate-900">{deleting?.name}</strong> and
          everything learned from it will be removed from {deleting?.botName ?? 'the chatbot'}
          &apos;s knowledge.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
