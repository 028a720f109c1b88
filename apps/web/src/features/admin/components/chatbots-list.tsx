import { botGoalLabels, botToneLabels, type AdminChatbot } from '@askwell/shared';
import { Bot, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { countOf, formatDate, formatNumber } from '@/lib/format';

import { useAdminChatbots } from '../api/chatbots';
import { AdminPanel } from './admin-panel';
import { ChatbotStatusBadge } from './chatbot-status';
import { EmptyState } from './empty-state';

const cell = 'px-3 py-3.5';

function ChatbotRow({ bot }: { bot: AdminChatbot }) {
  const detail = `/admin/chatbots/${bot.id}`;
  return (
    <tr className="align-top hover:bg-slate-50/70">
      <td className="py-3.5 pr-3 pl-5 sm:pl-6">
        <div className="max-w-xs min-w-36 [overflow-wrap:anywhere]">
          <Link
            to={detail}
            className="font-semibold text-slate-900 hover:text-brand-800 hover:underline"
          >
            {bot.name}
          </Link>
          <p className="line-clamp-2 text-slate-600">{bot.description || 'No description'}</p>
          {/* What the hidden columns say, on screens too narrow for them. */}
          <p className="mt-1 text-xs text-slate-600 md:hidden">
            {bot.owner.name} · {bot.owner.email}
          </p>
          <p className="mt-1 text-xs text-slate-500 xl:hidden">
            <span className="lg:hidden">
              {botGoalLabels[bot.goal]} · {botToneLabels[bot.tone]} ·{' '}
            </span>
            {countOf(bot.documents, 'document')} · {countOf(bot.conversations, 'conversation')}
            <span className="md:hidden"> · Created {formatDate(bot.created_at)}</span>
          </p>
          <div className="mt-2 sm:hidden">
            <ChatbotStatusBadge bot={bot} />
          </div>
        </div>
      </td>
      <td className={`hidden md:table-cell ${cell}`}>
        <div className="max-w-56 min-w-32 [overflow-wrap:anywhere]">
          <p className="font-medium text-slate-900">{bot.owner.name}</p>
          <p className="text-slate-600">{bot.owner.email}</p>
        </div>
      </td>
      <td className={`hidden text-slate-700 lg:table-cell ${cell}`}>{botGoalLabels[bot.goal]}</td>
      <td className={`hidden text-slate-700 lg:table-cell ${cell}`}>{botToneLabels[bot.tone]}</td>
      <td className={`hidden text-right text-slate-700 tabular-nums xl:table-cell ${cell}`}>
        {formatNumber(bot.documents)}
      </td>
      <td className={`hidden text-right text-slate-700 tabular-nums xl:table-cell ${cell}`}>
        {formatNumber(bot.conversations)}
      </td>
      <td className={`hidden sm:table-cell ${cell}`}>
        <ChatbotStatusBadge bot={bot} />
      </td>
      <td className={`hidden whitespace-nowrap text-slate-600 md:table-cell ${cell}`}>
        <time dateTime={bot.created_at}>{formatDate(bot.created_at)}</time>
      </td>
      <td className={`hidden text-right sm:table-cell ${cell} sm:pr-6`}>
        <ButtonLink to={detail} variant="secondary" size="sm">
          View<span className="sr-only"> {bot.name}</span>
        </ButtonLink>
      </td>
    </tr>
  );
}

const columns = [
  { label: 'Chatbot', className: 'pl-5 sm:pl-6' },
  { label: 'Owner', className: 'hidden md:table-cell' },
  { label: 'Goal', className: 'hidden lg:table-cell' },
  { label: 'Tone', className: 'hidden lg:table-cell' },
  // Soft hyphens let the long headers of these narrow number columns break.
  { label: 'Docu\u00ADments', className: 'hidden text-right xl:table-cell' },
  { label: 'Conver\u00ADsations', className: 'hidden text-right xl:table-cell' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Created', className: 'hidden md:table-cell' },
  { label: 'Actions', className: 'hidden text-right sm:table-cell sm:pr-6' },
];

// Every customer chatbot, newest first, 50 at a time; the search matches name and description.
export function ChatbotsList() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  // The address can change ?search= while this page is open (back and forward).
  const [syncedFrom, setSyncedFrom] = useState(urlSearch);
  if (urlSearch !== syncedFrom) {
    setSyncedFrom(urlSearch);
    setText(urlSearch);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === urlSearch) return;
    const timer = window.setTimeout(() => {
      setSyncedFrom(wanted);
      setParams(wanted ? { search: wanted } : {}, { replace: true });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [text, urlSearch, setParams]);

  const chatbots = useAdminChatbots(urlSearch);
  const rows = chatbots.data?.pages.flatMap((page) => page.chatbots) ?? [];

  return (
    <AdminPanel>
      <div className="border-b border-slate-100 p-4 sm:px-6">
        <div className="relative max-w-md">
          <label htmlFor="chatbots-search" className="sr-only">
            Search chatbots
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="chatbots-search"
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search chatbots..."
            className="block h-10 w-full rounded-lg bg-white pr-9 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-700 focus:outline-none"
          />
          {chatbots.isFetching && !chatbots.isPending && !chatbots.isFetchingNextPage && (
            <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
          )}
        </div>
      </div>

      {chatbots.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-600"
        >
          <Spinner className="size-5 text-brand-700" />
          Loading chatbots...
        </p>
      ) : chatbots.isError && rows.length === 0 ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <p className="text-base font-semibold text-slate-900">No chatbots found</p>
          <p className="text-sm text-slate-600">
            The list could not be loaded: {chatbots.error.message}
          </p>
          <RetryButton query={chatbots} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={Bot} title="No chatbots found">
          {urlSearch
            ? `No chatbot’s name or description contains “${urlSearch}”.`
            : 'Chatbots appear here as soon as customers create them in their dashboard.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Chatbots</caption>
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
              {rows.map((bot) => (
                <ChatbotRow key={bot.id} bot={bot} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!chatbots.isPending && rows.length > 0 && (
        <div className="flex flex-col items-center gap-3 border-t border-slate-100 px-5 py-3 sm:flex-row sm:justify-between sm:px-6">
          <p className="text-xs text-slate-500" aria-live="polite">
            Showing {countOf(rows.length, 'chatbot')}
            {chatbots.hasNextPage ? ', newest first' : ''}
          </p>
          {chatbots.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              disabled={chatbots.isFetchingNextPage}
              onClick={() => void chatbots.fetchNextPage()}
            >
              {chatbots.isFetchingNextPage && <Spinner className="size-4" />}
              Load more
            </Button>
          )}
          {chatbots.isFetchNextPageError && (
            <p role="alert" className="text-xs text-red-700">
              {chatbots.error?.message}
            </p>
          )}
        </div>
      )}
    </AdminPanel>
  );
}
