import { accountSearchLimits, type AccountSearchResults } from '@askwell/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { CornerDownLeft, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

import { api } from '@/lib/api-client';

import { searchEntries, type SearchEntry } from './dashboard-nav';

const maxPageResults = 4;
const typingPauseMs = 200;

type Result = { label: string; detail: string; to: string; group: string };

function matches(entry: SearchEntry, terms: string[]) {
  const haystack = `${entry.label} ${entry.keywords} ${entry.group}`.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

function recordResults(found: AccountSearchResults | undefined): Result[] {
  if (!found) return [];
  return [
    ...found.bots.map((bot) => ({
      label: bot.name,
      detail: 'Chatbot',
      to: `/dashboard/bots/${encodeURIComponent(bot.id)}`,
      group: 'Chatbot',
    })),
    ...found.documents.map((source) => ({
      label: source.name,
      detail: source.botName,
      to: `/dashboard/documents?botId=${encodeURIComponent(source.botId)}`,
      group: source.kind === 'website' ? 'Website' : source.kind === 'qa' ? 'Q&A' : 'Document',
    })),
    ...found.conversations.map((conversation) => ({
      label: conversation.preview ?? 'Conversation',
      detail: conversation.botName,
      to: `/dashboard/conversations/${encodeURIComponent(conversation.id)}`,
      group: 'Conversation',
    })),
    ...found.leads.map((lead) => ({
      label: `${lead.name} · ${lead.email}`,
      detail: lead.botName,
      to: `/dashboard/leads?q=${encodeURIComponent(lead.email)}`,
      group: 'Lead',
    })),
  ];
}

// The text after the person stops typing for a moment, so each keystroke does not ask the server.
function usePaused(text: string) {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), typingPauseMs);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

export function DashboardSearch({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const entries = useMemo(() => searchEntries(isAdmin), [isAdmin]);
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const paused = usePaused(query.trim()).slice(0, accountSearchLimits.maxLength);
  const asksServer = paused.length >= accountSearchLimits.minLength;
  const records = useQuery({
    queryKey: ['account-search', paused],
    queryFn: ({ signal }) =>
      api.get<AccountSearchResults>(`/api/search?q=${encodeURIComponent(paused)}`, { signal }),
    enabled: asksServer,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const pageResults: Result[] =
    terms.length > 0
      ? entries
          .filter((entry) => matches(entry, terms))
          .slice(0, maxPageResults)
          .map((entry) => ({
            label: entry.label,
            detail: entry.group,
            to: entry.to,
            group: 'Page',
          }))
      : [];
  const results = [...pageResults, ...(asksServer ? recordResults(records.data) : [])];
  const searching = asksServer && (records.isFetching || paused !== query.trim());
  const showPanel = open && terms.length > 0;
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const jump = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener('keydown', jump);
    return () => window.removeEventListener('keydown', jump);
  }, []);

  const go = (entry: Result) => {
    setQuery('');
    setOpen(false);
    inputRef.current?.blur();
    navigate(entry.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const entry = results[active];
      if (showPanel && entry) {
        event.preventDefault();
        go(entry);
      }
    } else if (event.key === 'Escape') {
      // Escape here belongs to the search box, not to the sidebar behind it.
      event.stopPropagation();
      if (showPanel) setOpen(false);
      else setQuery('');
    }
  };

  return (
    <div className="relative w-full max-w-md" role="search">
      <label htmlFor={`${id}-input`} className="sr-only">
        Search
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Search..."
        aria-expanded={showPanel && results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && results[active] ? optionId(active) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Control+K Meta+K"
        className="block h-10 w-full rounded-lg bg-slate-100 pr-3 pl-9 text-sm text-slate-900 ring-1 ring-transparent ring-inset placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-brand-700 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <div
        className={clsx(
          'absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-900/10',
          !showPanel && 'hidden',
        )}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Results"
          className="max-h-80 overflow-y-auto p-1.5"
        >
          {results.map((entry, index) => (
            <li
              key={`${entry.group}-${entry.to}-${entry.label}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps focus in the box so the blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => go(entry)}
              className={clsx(
                'flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm',
                index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-700',
              )}
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{entry.label}</span>
                <span className="block truncate text-xs text-slate-500">{entry.detail}</span>
              </span>
              <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
                {entry.group}
                {index === active && <CornerDownLeft className="size-3.5" aria-hidden="true" />}
              </span>
            </li>
          ))}
        </ul>
        <p
          className={clsx('px-4 py-3 text-sm text-slate-600', results.length > 0 && 'sr-only')}
          role="status"
        >
          {searching
            ? 'Searching...'
            : results.length === 0
              ? `Nothing matches “${query.trim()}”`
              : ''}
        </p>
      </div>
    </div>
  );
}
