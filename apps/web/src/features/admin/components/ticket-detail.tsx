import type { AdminTicketDetail } from '@askwell/shared';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { controlStyles } from '@/components/ui/form-field';
import { RetryButton } from '@/components/ui/retry-button';
import {
  useAdminTicket,
  useStaffTicketAction,
  useTicketAssignees,
  useTicketEvents,
  type StaffTicketAction,
} from '@/hooks/use-tickets';
import {
  ReplyForm,
  TicketBackLink,
  TicketLoading,
  TicketStatusBadge,
  TicketThread,
  When,
} from '@/components/tickets/ticket-parts';
import { useProfile } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

import { AdminPanel } from './admin-panel';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Details({
  ticket,
  run,
  pending,
}: {
  ticket: AdminTicketDetail;
  run: (action: StaffTicketAction, done: string) => void;
  pending: boolean;
}) {
  const profile = useProfile();
  const assignees = useTicketAssignees();
  const me = profile.data?.id;
  const closed = ticket.status === 'closed';
  return (
    <AdminPanel title="Details">
      <dl className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 sm:p-6 lg:grid-cols-1">
        <Fact label="Customer">
          <span className="font-medium">{ticket.customer.name}</span>
          <span className="block text-slate-600">{ticket.customer.email}</span>
        </Fact>
        <Fact label="Status">
          <TicketStatusBadge status={ticket.status} />
        </Fact>
        <Fact label="Chatbot">
          {ticket.bot ? (
            <Link
              className="font-medium text-brand-800 hover:underline"
              to={`/admin/chatbots/${ticket.bot.id}`}
            >
              {ticket.bot.name}
            </Link>
          ) : (
            <span className="text-slate-500">None linked</span>
          )}
        </Fact>
        <Fact label="Conversation">
          {ticket.conversation ? (
            <span>
              {ticket.conversation.bot_name}, started{' '}
              {formatDateTime(ticket.conversation.started_at)}
              <code className="mt-0.5 block font-mono text-xs text-slate-500">
                {ticket.conversation.id}
              </code>
            </span>
          ) : (
            <span className="text-slate-500">None linked</span>
          )}
        </Fact>
        <Fact label="Opened">{formatDateTime(ticket.created_at)}</Fact>
        <Fact label="First staff reply">
          {ticket.first_staff_reply_at ? (
            <When at={ticket.first_staff_reply_at} />
          ) : (
            <span className="text-slate-500">Not answered yet</span>
          )}
        </Fact>
      </dl>
      <div className="space-y-4 border-t border-slate-100 p-5 sm:p-6">
        <div>
          <label htmlFor="ticket-assignee" className="block text-xs font-medium text-slate-500">
            Assignee
          </label>
          <div className="mt-1 flex gap-2">
            <select
              id="ticket-assignee"
              value={ticket.assignee?.id ?? ''}
              disabled={pending || assignees.isPending}
              onChange={(event) =>
                run(
                  { assign: event.target.value || null },
                  event.target.value ? 'Ticket assigned' : 'Ticket unassigned',
                )
              }
              className={controlStyles(false, 'h-10 min-w-0 py-0')}
            >
              <option value="">Unassigned</option>
              {(assignees.data?.staff ?? []).map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} ({member.email})
                </option>
              ))}
            </select>
            {me && ticket.assignee?.id !== me && (
              <Button
                variant="secondary"
                size="sm"
                className="h-10 shrink-0"
                disabled={pending}
                onClick={() => run({ assign: me }, 'Ticket assigned to you')}
              >
                Assign to me
              </Button>
            )}
          </div>
        </div>
        <Button
          variant={closed ? 'secondary' : 'danger'}
          className="w-full"
          disabled={pending}
          onClick={() =>
            run(closed ? 'reopen' : 'close', closed ? 'Ticket reopened' : 'Ticket closed')
          }
        >
          {closed ? 'Reopen ticket' : 'Close ticket'}
        </Button>
      </div>
    </AdminPanel>
  );
}

export function TicketDetail({ number }: { number: number }) {
  useTicketEvents('staff');
  const ticket = useAdminTicket(number);
  const action = useStaffTicketAction(number);

  const run = (next: StaffTicketAction, done: string) =>
    action.mutate(next, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error.message),
    });

  const back = <TicketBackLink to="/admin/tickets" />;

  if (ticket.isPending) return <TicketLoading backTo="/admin/tickets" />;
  if (ticket.isError) {
    return (
      <div className="space-y-6">
        {back}
        <AdminPanel>
          <div role="alert" className="space-y-3 p-6">
            <p className="text-base font-semibold text-slate-900">This ticket could not be shown</p>
            <p className="text-sm text-slate-600">{ticket.error.message}</p>
            {!(ticket.error instanceof ApiError && ticket.error.status < 500) && (
              <RetryButton query={ticket} />
            )}
          </div>
        </AdminPanel>
      </div>
    );
  }

  const detail = ticket.data;
  return (
    <div className="space-y-6">
      {back}
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500">Ticket #{detail.number}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
          {detail.subject}
        </h1>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <TicketThread messages={detail.messages} ownSide="staff" />
          <AdminPanel>
            <div className="p-5 sm:p-6">
              <ReplyForm
                id="staff-reply"
                label="Reply to the customer"
                submitLabel="Send reply"
                pending={action.isPending}
                onSubmit={(message) =>
                  action.mutateAsync(
                    { reply: message },
                    {
                      onSuccess: () => toast.success('Reply sent'),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              />
            </div>
          </AdminPanel>
        </div>
        <Details ticket={detail} run={run} pending={action.isPending} />
      </div>
    </div>
  );
}
