import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { useOwnTicket, useOwnTicketAction, useTicketEvents } from '@/hooks/use-tickets';
import {
  customerStatusLabels,
  ReplyForm,
  TicketBackLink,
  TicketLoading,
  TicketStatusBadge,
  TicketThread,
} from '@/components/tickets/ticket-parts';

// One of the customer's tickets: the thread (staff answers arrive live), a reply box, and Close.
export function TicketPage({ number }: { number: number }) {
  useTicketEvents('customer');
  const ticket = useOwnTicket(number);
  const action = useOwnTicketAction(number);

  const back = <TicketBackLink to="/dashboard/help" />;

  if (ticket.isPending) return <TicketLoading backTo="/dashboard/help" />;
  if (ticket.isError) {
    return (
      <div className="space-y-6">
        {back}
        <div role="alert" className="space-y-3 rounded-xl bg-white p-6 ring-1 ring-slate-200">
          <p className="text-base font-semibold text-slate-900">This ticket could not be shown</p>
          <p className="text-sm text-slate-600">{ticket.error.message}</p>
          {!(ticket.error instanceof ApiError && ticket.error.status < 500) && (
            <RetryButton query={ticket} />
          )}
        </div>
      </div>
    );
  }

  const detail = ticket.data;
  const closed = detail.status === 'closed';
  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">Ticket #{detail.number}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
            {detail.subject}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <TicketStatusBadge status={detail.status} labels={customerStatusLabels} />
            <span>Opened {formatDateTime(detail.created_at)}</span>
          </div>
          {(detail.bot || detail.conversation) && (
            <p className="mt-2 text-sm break-words text-slate-600">
              {detail.bot && (
                <>
                  Chatbot:{' '}
                  <Link
                    className="font-medium text-brand-800 hover:underline"
                    to={`/dashboard/bots/${detail.bot.id}`}
                  >
                    {detail.bot.name}
                  </Link>
                </>
              )}
              {detail.bot && detail.conversation && ' · '}
              {detail.conversation && (
                <>
                  Conversation:{' '}
                  <Link
                    className="font-medium text-brand-800 hover:underline"
                    to={`/dashboard/conversations/${detail.conversation.id}`}
                  >
                    {detail.conversation.bot_name}, {formatDateTime(detail.conversation.started_at)}
                  </Link>
                </>
              )}
            </p>
          )}
        </div>
        {!closed && (
          <Button
            variant="secondary"
            disabled={action.isPending}
            onClick={() => action.mutate('close')}
          >
            Close ticket
          </Button>
        )}
      </div>

      <TicketThread messages={detail.messages} ownSide="customer" />

      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {closed && (
          <p className="mb-3 text-sm text-slate-600">
            This ticket is closed. Write again if you still need help and it opens again.
          </p>
        )}
        <ReplyForm
          id="ticket-reply"
          label="Your reply"
          submitLabel="Send reply"
          pending={action.isPending}
          serverError={action.isError ? action.error.message : undefined}
          onSubmit={(message) => action.mutateAsync({ reply: message })}
        />
      </div>
    </div>
  );
}
