import { LifeBuoy, Plus } from 'lucide-react';
import { Link } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { ButtonLink } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';

import { useOwnTickets, useTicketEvents } from '@/hooks/use-tickets';
import { customerStatusLabels, TicketStatusBadge, When } from '@/components/tickets/ticket-parts';

// The customer's Help page: their own tickets, most recently active first.
export function HelpPage() {
  useTicketEvents('customer');
  const tickets = useOwnTickets();
  const rows = tickets.data?.tickets ?? [];

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="Help"
        description="Ask the Askwell team about your account, chatbots or conversations. We answer here and by e-mail."
        actions={
          <ButtonLink to="/dashboard/help/new">
            <Plus className="size-4" aria-hidden="true" />
            New ticket
          </ButtonLink>
        }
      />
      <section
        aria-label="Your tickets"
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        {tickets.isPending ? (
          <p
            role="status"
            className="flex items-center justify-center gap-3 px-6 py-14 text-sm text-slate-600"
          >
            <Spinner className="size-5 text-brand-700" />
            Loading tickets...
          </p>
        ) : tickets.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
            <p className="text-base font-semibold text-slate-900">
              Your tickets could not be loaded
            </p>
            <p className="text-sm text-slate-600">{tickets.error.message}</p>
            <RetryButton query={tickets} />
          </div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-14 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
              <LifeBuoy className="size-6" aria-hidden="true" />
            </span>
            <p className="mt-4 text-base font-semibold text-slate-900">No tickets yet</p>
            <p className="mt-1.5 max-w-md text-sm text-slate-600">
              Stuck with something? Open a ticket and the Askwell team will answer you here.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((ticket) => (
              <li key={ticket.number}>
                <Link
                  to={`/dashboard/help/${ticket.number}`}
                  className="flex flex-col gap-2 px-5 py-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
                >
                  <span className="w-16 shrink-0 text-sm font-medium text-slate-500 tabular-nums">
                    #{ticket.number}
                  </span>
                  <span className="min-w-0 flex-1 font-semibold break-words text-slate-900 [overflow-wrap:anywhere]">
                    {ticket.subject}
                  </span>
                  <span className="flex items-center gap-3 text-sm text-slate-600">
                    <TicketStatusBadge status={ticket.status} labels={customerStatusLabels} />
                    <span className="whitespace-nowrap">
                      Last activity <When at={ticket.last_message_at} />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
