import {
  leadStatusLabels,
  leadStatuses,
  type Lead,
  type LeadList,
  type LeadStatus,
} from '@askwell/shared';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, MessageSquareText, Trash2, UserRoundPlus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';

import { useDeleteLead, useUpdateLeadStatus } from '../api/get-leads';
import { hasActiveFilters, type LeadFilters } from '../lib/filters';
import { countOf, formatDate, formatDateTime, formatTime } from '@/lib/format';

const statusTone: Record<LeadStatus, string> = {
  new: 'bg-sky-50 text-sky-900 ring-sky-200',
  contacted: 'bg-amber-50 text-amber-900 ring-amber-200',
  qualified: 'bg-violet-50 text-violet-900 ring-violet-200',
  converted: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
};

function StatusSelect({ lead }: { lead: Lead }) {
  const update = useUpdateLeadStatus();
  const pending = update.isPending;
  return (
    <select
      aria-label={`Status of ${lead.name}`}
      value={pending && update.variables ? update.variables.status : lead.status}
      disabled={pending}
      onChange={(event) =>
        update.mutate(
          { id: lead.id, status: event.target.value as LeadStatus },
          {
            onSuccess: (saved) =>
              toast.success(`${saved.name} is now ${leadStatusLabels[saved.status].toLowerCase()}`),
            onError: (failure) => toast.error(failure.message),
          },
        )
      }
      className={clsx(
        'rounded-full py-1 pr-8 pl-3 text-xs font-semibold ring-1 ring-inset focus:ring-2 focus:ring-brand-700 focus:outline-none',
        statusTone[lead.status],
      )}
    >
      {leadStatuses.map((status) => (
        <option key={status} value={status}>
          {leadStatusLabels[status]}
        </option>
      ))}
    </select>
  );
}

function ConversationLink({ lead }: { lead: Lead }) {
  if (!lead.conversationId) return <span className="text-slate-500">—</span>;
  return (
    <Link
      to={`/dashboard/conversations/${lead.conversationId}`}
      className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:text-brand-950 hover:underline"
    >
      <MessageSquareText className="size-4" aria-hidden="true" />
      View<span className="sr-only"> conversation with {lead.name}</span>
    </Link>
  );
}

type LeadsTableProps = {
  filters: LeadFilters;
  data: LeadList | undefined;
  loading: boolean;
  error: Error | null;
  onPage: (page: number) => void;
  onClear: () => void;
};

export function LeadsTable({ filters, data, loading, error, onPage, onClear }: LeadsTableProps) {
  const remove = useDeleteLead();
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const total = data?.total ?? 0;
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.leads.length - 1 : 0;
  const lastPage = data ? Math.max(1, Math.ceil(total / data.pageSize)) : 1;

  return (
    <Panel title="All leads" description={data ? countOf(total, 'lead') : undefined}>
      {loading ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-600"
        >
          <Spinner className="size-4" /> Loading leads...
        </p>
      ) : error ? (
        <p role="alert" className="px-6 py-12 text-center text-sm text-red-800">
          Leads could not be loaded: {error.message}
        </p>
      ) : !data || data.leads.length === 0 ? (
        hasActiveFilters(filters) ? (
          <div className="px-6 py-12 text-center">
            <p className="text-sm text-slate-700">No leads match these filters.</p>
            <Button variant="secondary" size="sm" className="mt-4" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        ) : (
          <div className="mx-auto max-w-md px-6 py-14 text-center" data-testid="leads-empty">
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-800 ring-1 ring-brand-100">
              <UserRoundPlus className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-base font-semibold text-slate-900">No leads yet</h3>
            <p className="mt-2 text-sm text-pretty text-slate-600">
              When a visitor leaves their name and email in your chat widget, they appear here.
              Lead-generation bots ask for them automatically; any bot can in its editor.
            </p>
            <ButtonLink to="/dashboard/integration" variant="primary" size="sm" className="mt-5">
              Add the widget to your site
            </ButtonLink>
          </div>
        )
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Leads</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-3 sm:px-6">
                    Name
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Email<span className="2xl:hidden"> / Phone</span>
                  </th>
                  <th scope="col" className="hidden px-4 py-3 2xl:table-cell">
                    Phone
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    Chatbot
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    Conversation
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Captured at
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="py-3 pr-3 sm:pr-4">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.leads.map((lead) => (
                  <tr key={lead.id} className="hover:bg-slate-50/70" data-testid="lead-row">
                    <td className="w-full max-w-0 px-5 py-3.5 sm:px-6 md:w-auto md:max-w-56">
                      <p className="truncate font-semibold text-slate-900" title={lead.name}>
                        {lead.name}
                      </p>
                      <div className="space-y-0.5 text-xs text-slate-600 md:hidden">
                        <p className="truncate">
                          <a href={`mailto:${lead.email}`} className="hover:underline">
                            {lead.email}
                          </a>
                        </p>
                        {lead.phone && <p className="truncate">{lead.phone}</p>}
                        <p className="truncate">
                          {lead.botName} · {formatDateTime(lead.createdAt)}
                        </p>
                        {lead.conversationId && (
                          <p>
                            <ConversationLink lead={lead} />
                          </p>
                        )}
                      </div>
                    </td>
                    <td className="hidden max-w-64 truncate px-4 py-3.5 md:table-cell">
                      <a
                        href={`mailto:${lead.email}`}
                        className="text-slate-800 hover:text-brand-800 hover:underline"
                      >
                        {lead.email}
                      </a>
                      {lead.phone && (
                        <p className="truncate text-xs text-slate-600 2xl:hidden">{lead.phone}</p>
                      )}
                    </td>
                    <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 2xl:table-cell">
                      {lead.phone ?? <span className="text-slate-500">—</span>}
                    </td>
                    <td className="hidden max-w-40 truncate px-4 py-3.5 text-slate-700 lg:table-cell">
                      {lead.botName}
                    </td>
                    <td className="hidden px-4 py-3.5 lg:table-cell">
                      <ConversationLink lead={lead} />
                    </td>
                    <td className="hidden px-4 py-3.5 whitespace-nowrap text-slate-700 md:table-cell">
                      <time dateTime={lead.createdAt} className="block">
                        {formatDate(lead.createdAt)}
                        <span className="block text-xs text-slate-500">
                          {formatTime(lead.createdAt)}
                        </span>
                      </time>
                    </td>
                    <td className="px-4 py-3.5">
                      <StatusSelect lead={lead} />
                    </td>
                    <td className="py-3.5 pr-3 text-right sm:pr-4">
                      <button
                        type="button"
                        onClick={() => setDeleting(lead)}
                        title="Delete lead"
                        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        <span className="sr-only">Delete lead {lead.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {lastPage > 1 && (
            <nav
              aria-label="Pages of leads"
              className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm text-slate-600 sm:px-6"
            >
              <p>
                {first}–{last} of {total}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={data.page <= 1}
                  onClick={() => onPage(data.page - 1)}
                >
                  <ChevronLeft className="size-4" aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={data.page >= lastPage}
                  onClick={() => onPage(data.page + 1)}
                >
                  Next
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this lead?"
        confirmLabel="Delete lead"
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
          <strong className="font-semibold break-words text-slate-900">{deleting?.name}</strong> (
          {deleting?.email}) will be removed from your leads. Their conversations stay in the inbox.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
