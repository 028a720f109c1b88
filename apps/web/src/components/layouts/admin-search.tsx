import {
  auditActionNames,
  auditActions,
  canOpenSection,
  type AdminSectionKey,
  type AdminTicketPage,
  type AdminUserPage,
  type AuditLogPage,
  type Profile,
} from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';

const shown = 5;

type Hit = { key: string; to: string; title: string; detail: string };
type Group = {
  section: AdminSectionKey;
  label: string;
  noun: string;
  viewAll: (text: string) => string;
  find: (text: string, signal: AbortSignal) => Promise<Hit[]>;
};

function fullName(first: string, last: string) {
  return `${first} ${last}`.trim();
}

async function findUsers(text: string, signal: AbortSignal): Promise<Hit[]> {
  const page = await api.get<AdminUserPage>(
    `/api/admin/users?${new URLSearchParams({ search: text }).toString()}`,
    { signal },
  );
  return page.users.slice(0, shown).map((user) => ({
    key: user.id,
    to: `/admin/users?${new URLSearchParams({ search: user.email }).toString()}`,
    title: user.email,
    detail: fullName(user.first_name, user.last_name) || 'No name',
  }));
}

async function findTickets(text: string, signal: AbortSignal): Promise<Hit[]> {
  const page = await api.get<AdminTicketPage>(
    `/api/admin/tickets?${new URLSearchParams({ search: text }).toString()}`,
    { signal },
  );
  return page.tickets.slice(0, shown).map((ticket) => ({
    key: String(ticket.number),
    to: `/admin/tickets/${ticket.number}`,
    title: `#${ticket.number} ${ticket.subject}`,
    detail: `${ticket.customer.email} · ${ticket.status}`,
  }));
}

// The log is searched where it has indexes: by the acting admin's e-mail, and by action for the
// actions whose name or label holds the text. Free text over details would scan a million rows.
async function findLogs(text: string, signal: AbortSignal): Promise<Hit[]> {
  const lower = text.toLowerCase();
  const actions = auditActionNames
    .filter(
      (name) =>
        name.toLowerCase().includes(lower) ||
        auditActions[name].label.toLowerCase().includes(lower),
    )
    .slice(0, 2);
  const queries = [
    new URLSearchParams({ admin: text, limit: String(shown) }),
    ...actions.map((action) => new URLSearchParams({ action, limit: String(shown) })),
  ];
  const pages = await Promise.all(
    queries.map((query) =>
      api.get<AuditLogPage>(`/api/admin/logs?${query.toString()}`, { signal }),
    ),
  );
  const entries = new Map(pages.flatMap((page) => page.entries).map((entry) => [entry.id, entry]));
  return [...entries.values()]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, shown)
    .map((entry) => ({
      key: entry.id,
      to: `/admin/logs?${new URLSearchParams({ admin: entry.admin_email, action: entry.action }).toString()}`,
      title: entry.details.message,
      detail: `${auditActions[entry.action].label} · ${entry.admin_email} · ${new Date(
        entry.created_at,
      ).toLocaleString()}`,
    }));
}

const groups: Group[] = [
  {
    section: 'users',
    label: 'Users',
    noun: 'users',
    viewAll: (text) => `/admin/users?${new URLSearchParams({ search: text }).toString()}`,
    find: findUsers,
  },
  {
    section: 'tickets',
    label: 'Tickets',
    noun: 'tickets',
    viewAll: (text) => `/admin/tickets?${new URLSearchParams({ search: text }).toString()}`,
    find: findTickets,
  },
  {
    section: 'logs',
    label: 'Audit logs',
    noun: 'log entries',
    viewAll: (text) => `/admin/logs?${new URLSearchParams({ admin: text }).toString()}`,
    find: findLogs,
  },
];

function ResultGroup({ group, text, onPick }: { group: Group; text: string; onPick: () => void }) {
  const headingId = useId();
  const results = useQuery({
    queryKey: ['admin', 'header-search', group.section, text],
    queryFn: ({ signal }) => group.find(text, signal),
    staleTime: 10_000,
  });
  let body: ReactNode;
  if (results.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Searching...
      </p>
    );
  } else if (results.isError) {
    body = (
      <p role="alert" className="px-3 py-2 text-sm text-red-700">
        Could not search {group.noun}: {results.error.message}
      </p>
    );
  } else if (results.data.length === 0) {
    body = <p className="px-3 py-2 text-sm text-slate-500">No {group.noun} match.</p>;
  } else {
    body = (
      <ul>
        {results.data.map((hit) => (
          <li key={hit.key}>
            <Link
              to={hit.to}
              onClick={onPick}
              className="block rounded-lg px-3 py-2 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block truncate text-sm font-medium text-slate-900">{hit.title}</span>
              <span className="block truncate text-xs text-slate-500">{hit.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="py-1.5">
      <div className="flex items-center justify-between gap-2 px-3 pb-1">
        <h2 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {group.label}
        </h2>
        <Link
          to={group.viewAll(text)}
          onClick={onPick}
          className="text-xs font-semibold text-brand-700 hover:underline"
        >
          View all<span className="sr-only"> {group.noun}</span>
        </Link>
      </div>
      {body}
    </section>
  );
}

// The back office header's search: Enter looks the text up in every list this role may open
// (users, tickets, audit logs) and shows the first matches of each, grouped, each a link.
export function AdminSearch({ profile }: { profile: Profile | null | undefined }) {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const allowed = groups.filter((group) => canOpenSection(profile?.role, group.section));
  const close = () => setSubmitted(null);

  // Following a result, or any other navigation, leaves the results behind.
  const [lastPath, setLastPath] = useState(location.pathname + location.search);
  if (location.pathname + location.search !== lastPath) {
    setLastPath(location.pathname + location.search);
    setSubmitted(null);
  }

  useEffect(() => {
    if (submitted === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSubmitted(null);
      inputRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setSubmitted(null);
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('pointerdown', onPointerDown);
    };
  }, [submitted]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim().slice(0, 200);
    setSubmitted(text || null);
  };

  return (
    <div ref={containerRef} className="relative w-full max-w-md min-w-0">
      <form role="search" onSubmit={onSubmit}>
        <label htmlFor="admin-search" className="sr-only">
          Search
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          id="admin-search"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search users, tickets, or logs..."
          className="block h-10 w-full rounded-lg border-0 bg-slate-100 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-brand-700 focus:outline-none"
        />
      </form>
      {submitted !== null && (
        <div
          role="region"
          aria-label="Search results"
          className="fixed inset-x-3 top-16 z-50 max-h-[calc(100vh-5rem)] overflow-y-auto rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-2 sm:w-[32rem] sm:max-w-[calc(100vw-6rem)]"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 pt-1 pb-2">
            <p className="truncate text-sm text-slate-600">
              Results for <span className="font-semibold text-slate-900">“{submitted}”</span>
            </p>
            <button
              type="button"
              onClick={close}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close search results</span>
            </button>
          </div>
          <div className="divide-y divide-slate-100">
            {allowed.map((group) => (
              <ResultGroup key={group.section} group={group} text={submitted} onPick={close} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
