import {
  auditActionLabel,
  auditActionNames,
  auditActions,
  type AuditAction,
  type AuditLogEntry,
} from '@askwell/shared';
import { Download, ScrollText } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { Button, buttonStyles } from '@/components/ui/button';
import {
  ClearFiltersButton,
  DateRangeFilter,
  FilterBar,
  FilterField,
  useFilterSearch,
} from '@/components/ui/filter-bar';
import { controlStyles } from '@/components/ui/form-field';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { countOf, formatDateTime } from '@/lib/format';

import { auditLogExportUrl, useAuditLogs, type AuditLogFilters } from '../api/audit-logs';
import { AdminPageHeader } from './admin-page-header';
import { AdminPanel } from './admin-panel';
import { EmptyState } from './empty-state';

const day = /^\d{4}-\d{2}-\d{2}$/;

// The filters live in the address, so a filtered view can be bookmarked and shared.
function readFilters(params: URLSearchParams): AuditLogFilters {
  const action = params.get('action') ?? '';
  const date = (name: string) => (day.test(params.get(name) ?? '') ? params.get(name)! : '');
  return {
    admin: params.get('admin') ?? '',
    action: (auditActionNames as readonly string[]).includes(action) ? (action as AuditAction) : '',
    from: date('from'),
    to: date('to'),
  };
}

function toParams(filters: AuditLogFilters) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) params[key] = value;
  return params;
}

const noFilters: AuditLogFilters = { admin: '', action: '', from: '', to: '' };

function hasFilters(filters: AuditLogFilters) {
  return Boolean(filters.admin || filters.action || filters.from || filters.to);
}

// In catalogue order, which groups the actions by what they act on.
const actionOptions = auditActionNames.map((name) => ({ name, label: auditActions[name].label }));

function AuditLogFiltersBar({
  filters,
  onChange,
}: {
  filters: AuditLogFilters;
  onChange: (filters: AuditLogFilters) => void;
}) {
  const update = (patch: Partial<AuditLogFilters>) => onChange({ ...filters, ...patch });
  const [admin, setAdmin] = useFilterSearch(filters.admin, (value) => update({ admin: value }));
  return (
    <FilterBar
      label="Filter logs"
      onSubmit={() => update({ admin })}
      className="grid-cols-1 sm:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_repeat(2,minmax(0,1fr))_auto]"
    >
      <FilterField id="logs-admin" label="Admin">
        <input
          id="logs-admin"
          type="search"
          value={admin}
          maxLength={200}
          onChange={(event) => setAdmin(event.target.value)}
          placeholder="Staff e-mail"
          className={controlStyles(false)}
        />
      </FilterField>
      <FilterField id="logs-action" label="Action">
        <select
          id="logs-action"
          value={filters.action}
          onChange={(event) => update({ action: event.target.value as AuditAction | '' })}
          className={controlStyles(false)}
        >
          <option value="">All actions</option>
          {actionOptions.map((option) => (
            <option key={option.name} value={option.name}>
              {option.label}
            </option>
          ))}
        </select>
      </FilterField>
      <DateRangeFilter idPrefix="logs" from={filters.from} to={filters.to} onChange={update} />
      <ClearFiltersButton
        buttonClassName="w-full xl:w-auto"
        disabled={!hasFilters(filters)}
        onClick={() => onChange(noFilters)}
      />
    </FilterBar>
  );
}

// The row's facts as indented JSON, wrapped rather than scrolled so it reads on a phone.
function Details({ entry }: { entry: AuditLogEntry }) {
  return (
    <pre className="rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset [overflow-wrap:anywhere]">
      {JSON.stringify(entry.details, null, 2)}
    </pre>
  );
}

function ActionLabel({ action }: { action: AuditAction }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-slate-900">{auditActionLabel(action)}</span>
      {auditActions[action]?.security && (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
          Security
        </span>
      )}
    </span>
  );
}

const cell = 'px-4 py-3.5 align-top';

function LogRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <tr data-testid="log-row" className="hover:bg-slate-50/70">
      <td className="py-3.5 pr-4 pl-5 align-top sm:pl-6">
        <time
          dateTime={entry.created_at}
          title={entry.created_at}
          className="whitespace-nowrap text-slate-700"
        >
          {formatDateTime(entry.created_at)}
        </time>
        {/* The other columns, stacked, on screens too narrow for them. */}
        <div className="mt-1.5 space-y-1.5 lg:hidden">
          <p className="[overflow-wrap:anywhere] text-slate-900">{entry.admin_email}</p>
          <ActionLabel action={entry.action} />
          <p className="text-xs text-slate-600">IP {entry.ip_address ?? 'unknown'}</p>
          <Details entry={entry} />
        </div>
      </td>
      <td className={`hidden lg:table-cell ${cell}`}>
        <span className="block max-w-64 min-w-44 [overflow-wrap:anywhere] text-slate-900">
          {entry.admin_email}
        </span>
      </td>
      <td className={`hidden lg:table-cell ${cell}`}>
        <ActionLabel action={entry.action} />
      </td>
      <td
        className={`hidden font-mono text-xs whitespace-nowrap text-slate-700 lg:table-cell ${cell}`}
      >
        {entry.ip_address ?? 'Unknown'}
      </td>
      <td className={`hidden w-[40%] lg:table-cell ${cell} sm:pr-6`}>
        <Details entry={entry} />
      </td>
    </tr>
  );
}

const columns = [
  { label: 'Timestamp', className: 'pl-5 sm:pl-6' },
  { label: 'Admin', className: 'hidden lg:table-cell' },
  { label: 'Action', className: 'hidden lg:table-cell' },
  { label: 'IP Address', className: 'hidden lg:table-cell' },
  { label: 'Details', className: 'hidden lg:table-cell sm:pr-6' },
];

// Every staff action, newest first, 50 at a time, filtered by admin, action and days.
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (next: AuditLogFilters) =>
    setParams(toParams(next), { replace: true, preventScrollReset: true });
  const logs = useAuditLogs(filters);
  const rows = logs.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Audit Logs"
        description="Every sign-in and change by staff: who, what, from which address. Entries cannot be edited or deleted."
        actions={
          <a
            href={auditLogExportUrl(filters)}
            download
            className={buttonStyles({ variant: 'secondary' })}
          >
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        }
      />
      <AuditLogFiltersBar filters={filters} onChange={setFilters} />
      <AdminPanel>
        {logs.isPending ? (
          <p
            role="status"
            className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-600"
          >
            <Spinner className="size-5 text-brand-700" />
            Loading logs...
          </p>
        ) : logs.isError && rows.length === 0 ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <p className="text-base font-semibold text-slate-900">The logs could not be loaded</p>
            <p className="text-sm text-slate-600">{logs.error.message}</p>
            <RetryButton query={logs} />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState icon={ScrollText} title="No logs found">
            {hasFilters(filters)
              ? 'No entry matches these filters.'
              : 'No staff member has signed in or changed anything yet.'}
          </EmptyState>
        ) : (
          <table className="w-full table-fixed text-left text-sm lg:table-auto">
            <caption className="sr-only">Audit logs</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`px-4 py-3 whitespace-nowrap ${column.className}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((entry) => (
                <LogRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        )}
        {!logs.isPending && rows.length > 0 && (
          <div className="flex flex-col items-center gap-3 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-between sm:px-6">
            <p className="text-xs text-slate-500" aria-live="polite">
              Showing {countOf(rows.length, 'entry', 'entries')}, newest first
            </p>
            {logs.hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                disabled={logs.isFetchingNextPage}
                onClick={() => void logs.fetchNextPage()}
              >
                {logs.isFetchingNextPage && <Spinner className="size-4" />}
                Load more
              </Button>
            )}
            {logs.isFetchNextPageError && (
              <p role="alert" className="text-xs text-red-700">
                {logs.error?.message}
              </p>
            )}
          </div>
        )}
      </AdminPanel>
    </div>
  );
}
