import type { ConversationList as ConversationListData } from '@askwell/shared';
import clsx from 'clsx';
import {
  ChevronLeft,
  ChevronRight,
  CircleHelp,
  Mail,
  MessagesSquare,
  ThumbsDown,
  ThumbsUp,
  UserRound,
} from 'lucide-react';
import { Link } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import { hasActiveFilters, type ConversationFilters } from '../lib/filters';
import { formatDateTime } from '@/lib/format';

// Anonymous visitors are told apart by the start of their id, like a ticket number.
function visitorLabel(visitorId: string | null) {
  return visitorId ? `Visitor ${visitorId.slice(0, 6)}` : 'Anonymous visitor';
}

type ConversationListProps = {
  filters: ConversationFilters;
  data: ConversationListData | undefined;
  loading: boolean;
  error: Error | null;
  selectedId: string | undefined;
  linkTo: (id: string) => string;
  onPage: (page: number) => void;
  onClear: () => void;
};

export function ConversationList({
  filters,
  data,
  loading,
  error,
  selectedId,
  linkTo,
  onPage,
  onClear,
}: ConversationListProps) {
  if (loading) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-600"
      >
        <Spinner className="size-4" /> Loading conversations...
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="px-6 py-12 text-center text-sm text-red-800">
        Conversations could not be loaded: {error.message}
      </p>
    );
  }
  if (!data || data.conversations.length === 0) {
    return hasActiveFilters(filters) ? (
      <div className="px-6 py-12 text-center">
        <p className="text-sm text-slate-700">No conversations match these filters.</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="mx-auto max-w-sm px-6 py-14 text-center" data-testid="conversations-empty">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <MessagesSquare className="size-6" aria-hidden="true" />
        </span>
        <h3 className="mt-4 text-base font-semibold text-slate-900">No conversations yet</h3>
        <p className="mt-2 text-sm text-pretty text-slate-600">
          Every chat a visitor has with one of your bots, on your website or through the API,
          appears here with its full transcript.
        </p>
        <ButtonLink to="/dashboard/integration" size="sm" className="mt-5">
          Add the widget to your site
        </ButtonLink>
      </div>
    );
  }

  const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Conversations">
        {data.conversations.map((conversation) => {
          const selected = conversation.id === selectedId;
          return (
            <li key={conversation.id}>
              <Link
                to={linkTo(conversation.id)}
                aria-current={selected ? 'true' : undefined}
                data-testid="conversation-item"
                className={clsx(
                  'block px-4 py-3.5 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-5',
                  selected ? 'bg-brand-50' : 'hover:bg-slate-50',
                )}
              >
                <div className="flex items-baseline justify-between gap-3">
                  <p className="truncate text-sm font-semibold text-slate-900">
                    {conversation.lead?.name ?? visitorLabel(conversation.visitorId)}
                  </p>
                  <time
                    dateTime={conversation.lastMessageAt}
                    className="shrink-0 text-xs text-slate-600"
                  >
                    {formatDateTime(conversation.lastMessageAt)}
                  </time>
                </div>
                <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-700">
                  {conversation.preview ?? 'No messages'}
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                    {conversation.botName}
                  </span>
                  {conversation.leadRequested && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-900 ring-1 ring-sky-200 ring-inset">
                      <Mail className="size-3" aria-hidden="true" />
                      Lead request
                    </span>
                  )}
                  {!conversation.answered && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
                      <CircleHelp className="size-3" aria-hidden="true" />
                      Not answered
                    </span>
                  )}
                  {conversation.lead && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-900 ring-1 ring-emerald-200 ring-inset">
                      <UserRound className="size-3" aria-hidden="true" />
                      Lead
                    </span>
                  )}
                  {conversation.feedback.up > 0 && (
                    <span className="inline-flex items-center gap-1 text-slate-600">
                      <ThumbsUp className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">Thumbs up:</span>
                      {conversation.feedback.up}
                    </span>
                  )}
                  {conversation.feedback.down > 0 && (
                    <span className="inline-flex items-center gap-1 text-slate-600">
                      <ThumbsDown className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">Thumbs down:</span>
                      {conversation.feedback.down}
                    </span>
                  )}
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      {lastPage > 1 && (
        <nav
          aria-label="Pages of conversations"
          className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-5"
        >
          <p>
            Page {data.page} of {lastPage}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={data.page <= 1}
              onClick={() => onPage(data.page - 1)}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={data.page >= lastPage}
              onClick={() => onPage(data.page + 1)}
            >
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
    </>
  );
}
