import {
  ticketAssigneeFilters,
  ticketStatuses,
  ticketStatusLabels,
  type AdminTicket,
  type AdminTicketsQuery,
  type TicketAssigneeFilter,
  type TicketStatus,
} from '@askwell/shared';
import { LifeBuoy, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { controlStyles } from '@/components/ui/form-field';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { TicketStatusBadge, When } from '@/components/tickets/ticket-parts';
import { useAdminTickets, useTicketEvents } from '@/hooks/use-tickets';
import { formatNumber } from '@/lib/format';

import { AdminPanel } from './admin-panel';
import { EmptyState } from './empty-state';

const assigneeLabels: Record<TicketAssigneeFilter, string> = {
  all: 'Everyone',
  mine: 'Assigned to me',
  unassigned: 'Unassigned',
};

function readQuery(params: URLSearchParams) {
  const status = params.get('status');
  const assignee = params.get('assignee');
  const page = Number(params.get('page') ?? '1');
  return {
    status: (ticketStatuses as readonly string[]).includes(status ?? '')
      ? (status as TicketStatus)
      : 'all',
    assignee: (ticketAssigneeFilters as readonly string[]).includes(assignee ?? '')
      ? (assignee as TicketAssigneeFilter)
      : 'all',
    search: params.get('search') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  } satisfies AdminTicketsQuery;
}

const cell = 'px-3 py-3.5';

function TicketRow({ ticket }: { ticket: AdminTicket }) {
  const detail = `/admin/tickets/${ticket.number}`;
  return (
    <tr className="align-top hover:bg-slate-50/70">
      <td className="py-3.5 pr-3 pl-5 text-slate-500 tabular-nums sm:pl-6">#{ticket.number}</td>
      <td className={cell}>
        <div className="max-w-md min-w-40 [overflow-wrap:anywhere]">
          <Link
            to={detail}
            className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
          >
            {ticket.subject}
          </Link>
          <p className="mt-1 text-xs text-slate-600 md:hidden">{ticket.customer.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600 lg:hidden">
            <TicketStatusBadge status={ticket.status} />
            <span>{ticket.assignee ? ticket.assignee.name : 'Unassigned'}</span>
            <span>
              · <When at={ticket.last_message_at} />
            </span>
          </div>
        </div>
      </td>
      <td className={`hidden md:table-cell ${cell}`}>
        <div className="max-w-56 min-w-32 [overflow-wrap:anywhere]">
          <p className="font-medium text-slate-900">{ticket.customer.name}</p>
          <p className="text-slate-600">{ticket.customer.email}</p>
        </div>
      </td>
      <td className={`hidden lg:table-cell ${cell}`}>
        <TicketStatusBadge status={ticket.status} />
      </td>
      <td className={`hidden text-slate-700 lg:table-cell ${cell}`}>
        {ticket.assignee ? (
          ticket.assignee.name
        ) : (
          <span className="text-slate-500">Unassigned</span>
        )}
      </td>
      <td className={`hidden whitespace-nowrap text-slate-600 lg:table-cell ${cell} sm:pr-6`}>
        <When at={ticket.last_message_at} />
      </td>
    </tr>
  );
}

const columns = [
  { label: '#', className: 'pl-5 sm:pl-6 w-16' },
  { label: 'Subject', className: '' },
  { label: 'Customer', className: 'hidden md:table-cell' },
  { label: 'Status', className: 'hidden lg:table-cell' },
  { label: 'Assignee', className: 'hidden lg:table-cell' },
  { label: 'Last activity', className: 'hidden lg:table-cell sm:pr-6' },
];

export function TicketsList() {
  useTicketEvents('staff');
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const [text, setText] = useState(query.search);
  const [syncedFrom, setSyncedFrom] = useState(query.search);
  if (query.search !== syncedFrom) {
    setSyncedFrom(query.search);
    setText(query.search);
  }

  const update = (next: Partial<typeof query>) => {
    const merged = { ...query, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.status !== 'all') search.set('status', merged.status);
    if (merged.assignee !== 'all') search.set('assignee', merged.assignee);
    if (merged.search) search.set('search', merged.search);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === query.search) return;
    const timer = window.setTimeout(() => {
      setSyncedFrom(wanted);
      const search = new URLSearchParams(params);
      if (wanted) search.set('search', wanted);
      else search.delete('search');
      search.delete('page');
      setParams(search, { replace: true });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [text, query.search, params, setParams]);

  const tickets = useAdminTickets(query);
  const rows = tickets.data?.tickets ?? [];
  const total = tickets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (tickets.data?.page_size ?? 25)));

  return (
    <AdminPanel>
      <div className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="relative sm:col-span-2 lg:col-span-1">
          <label htmlFor="tickets-search" className="sr-only">
            Search tickets
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="tickets-search"
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search subject or customer e-mail..."
            className="block h-10 w-full rounded-lg bg-white pr-9 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-700 focus:outline-none"
          />
          {tickets.isFetching && !tickets.isPending && (
            <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
          )}
        </div>
        <div>
          <label htmlFor="tickets-status" className="sr-only">
            Status
          </label>
          <select
            id="tickets-status"
            value={query.status}
            onChange={(event) => update({ status: event.target.value as TicketStatus | 'all' })}
            className={controlStyles(false, 'h-10 py-0')}
          >
            <option value="all">All statuses</option>
            {ticketStatuses.map((status) => (
              <option key={status} value={status}>
                {ticketStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="tickets-assignee" className="sr-only">
            Assignee
          </label>
          <select
            id="tickets-assignee"
            value={query.assignee}
            onChange={(event) => update({ assignee: event.target.value as TicketAssigneeFilter })}
            className={controlStyles(false, 'h-10 py-0')}
          >
            {ticketAssigneeFilters.map((filter) => (
              <option key={filter} value={filter}>
                {assigneeLabels[filter]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {tickets.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-600"
        >
          <Spinner className="size-5 text-brand-700" />
          Loading tickets...
        </p>
      ) : tickets.isError && rows.length === 0 ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <p className="text-base font-semibold text-slate-900">No tickets found</p>
          <p className="text-sm text-slate-600">
            The list could not be loaded: {tickets.error.message}
          </p>
          <RetryButton query={tickets} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={LifeBuoy} title="No tickets found">
          There are currently no support tickets to display.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Support tickets</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={`px-3 py-3 ${column.className}`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((ticket) => (
                <TicketRow key={ticket.number} ticket={ticket} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!tickets.isPending && total > 0 && (
        <div className="flex flex-col items-center gap-3 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-between sm:px-6">
          <p className="text-xs text-slate-500" aria-live="polite">
            {formatNumber(total)} {total === 1 ? 'ticket' : 'tickets'} · page {query.page} of{' '}
            {pages}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={query.page <= 1}
              onClick={() => update({ page: query.page - 1 })}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={query.page >= pages}
              onClick={() => update({ page: query.page + 1 })}
            >
              Next
            </Button>
          </div>
        </div>
      )}
    </AdminPanel>
  );
}
