import {
  conversationUpdatedEventName,
  leadCreatedEventName,
  type ConversationUpdatedEvent,
} from '@askwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ArrowLeft, Download, MessagesSquare } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useBots } from '@/hooks/use-bots';
import { ApiError } from '@/lib/api-client';
import { useRealtimeEvent } from '@/lib/realtime';
import { countOf } from '@/lib/format';
import { useViewAs } from '@/lib/view-as';

import {
  conversationKeys,
  conversationsExportUrl,
  useConversation,
  useConversations,
} from '../api/conversations';
import {
  conversationQuery,
  emptyConversationFilters,
  readConversationFilters,
  type ConversationFilters as Filters,
} from '../lib/filters';
import { ConversationDetail } from './conversation-detail';
import { ConversationFilters } from './conversation-filters';
import { ConversationList } from './conversation-list';

function DetailPane({
  conversationId,
  onDeleted,
}: {
  conversationId: string;
  onDeleted: () => void;
}) {
  const detail = useConversation(conversationId);
  if (detail.isPending) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 px-6 py-16 text-sm text-slate-600"
      >
        <Spinner className="size-4" /> Loading conversation...
      </p>
    );
  }
  if (detail.error) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <p role="alert" className="px-6 py-16 text-center text-sm text-red-800">
        {missing
          ? 'This conversation does not exist or was deleted.'
          : `The conversation could not be loaded: ${detail.error.message}`}
      </p>
    );
  }
  return <ConversationDetail conversation={detail.data} onDeleted={onDeleted} />;
}

export function ConversationsPage() {
  const { conversationId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const filters = readConversationFilters(searchParams);
  const conversations = useConversations(filters);
  const bots = useBots();
  // Staff viewing the account read it on screen; the bulk exports stay the customer's.
  const viewing = Boolean(useViewAs());

  // New conversations and messages arrive live; the open transcript follows its own updates.
  useRealtimeEvent<ConversationUpdatedEvent>(conversationUpdatedEventName, (event) => {
    void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
    void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(event.conversationId) });
  });
  useRealtimeEvent(leadCreatedEventName, () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
  });

  const search = searchParams.toString();
  const linkTo = useCallback(
    (id: string) =>
      `/dashboard/conversations/${encodeURIComponent(id)}${search ? `?${search}` : ''}`,
    [search],
  );
  const listPath = `/dashboard/conversations${search ? `?${search}` : ''}`;

  const setFilters = useCallback(
    (next: Filters) => {
      const query = conversationQuery(next).toString();
      const base = conversationId
        ? `/dashboard/conversations/${encodeURIComponent(conversationId)}`
        : '/dashboard/conversations';
      void navigate(`${base}${query ? `?${query}` : ''}`, {
        replace: true,
        preventScrollReset: true,
      });
    },
    [conversationId, navigate],
  );

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="Conversations"
        description="Every chat your bots have had, with the sources behind each answer."
        actions={
          !viewing && (
            <>
              <a
                href={conversationsExportUrl(filters, 'csv')}
                download
                className={buttonStyles({ variant: 'secondary' })}
              >
                <Download className="size-4" aria-hidden="true" />
                Export CSV
              </a>
              <a
                href={conversationsExportUrl(filters, 'json')}
                download
                className={buttonStyles({ variant: 'secondary' })}
              >
                <Download className="size-4" aria-hidden="true" />
                Export JSON
              </a>
            </>
          )
        }
      />
      <ConversationFilters filters={filters} bots={bots.data ?? []} onChange={setFilters} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <section
          aria-label="Conversation list"
          className={clsx(
            'min-w-0 self-start overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200',
            conversationId && 'hidden lg:block',
          )}
        >
          <div className="border-b border-slate-200 px-4 py-3 text-sm text-slate-600 sm:px-5">
            {conversations.data
              ? countOf(conversations.data.total, 'conversation')
              : 'Conversations'}
          </div>
          <ConversationList
            filters={filters}
            data={conversations.data}
            loading={conversations.isPending}
            error={conversations.error}
            selectedId={conversationId}
            linkTo={linkTo}
            onPage={(page) => setFilters({ ...filters, page })}
            onClear={() => setFilters(emptyConversationFilters)}
          />
        </section>
        <section
          aria-label="Selected conversation"
          className={clsx(
            'min-w-0 self-start rounded-2xl bg-white shadow-sm ring-1 ring-slate-200',
            !conversationId && 'hidden lg:block',
          )}
        >
          {conversationId ? (
            <>
              <div className="border-b border-slate-200 px-4 py-3 lg:hidden">
                <Link
                  to={listPath}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline"
                >
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  All conversations
                </Link>
              </div>
              <DetailPane
                key={conversationId}
                conversationId={conversationId}
                onDeleted={() => {
                  void navigate(listPath, { replace: true });
                  queryClient.removeQueries({ queryKey: conversationKeys.detail(conversationId) });
                }}
              />
            </>
          ) : (
            <div className="flex flex-col items-center px-6 py-16 text-center text-sm text-slate-600">
              <MessagesSquare className="size-8 text-slate-400" aria-hidden="true" />
              <p className="mt-3">Choose a conversation to read its transcript.</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
