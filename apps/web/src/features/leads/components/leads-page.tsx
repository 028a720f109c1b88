import { leadCreatedEventName } from '@askwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { buttonStyles } from '@/components/ui/button';
import { useBots } from '@/hooks/use-bots';
import { useRealtimeEvent } from '@/lib/realtime';
import { useViewAs } from '@/lib/view-as';

import { leadKeys, leadsExportUrl, useLeads } from '../api/get-leads';
import { leadQuery, readLeadFilters, type LeadFilters } from '../lib/filters';
import { LeadsFilters } from './leads-filters';
import { LeadsTable } from './leads-table';
import { WebhookPanel } from './webhook-panel';

export function LeadsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readLeadFilters(searchParams);
  const leads = useLeads(filters);
  const bots = useBots();
  const queryClient = useQueryClient();
  // Staff viewing the account read it on screen; the bulk export stays the customer's.
  const viewing = Boolean(useViewAs());

  useRealtimeEvent(leadCreatedEventName, () => {
    void queryClient.invalidateQueries({ queryKey: leadKeys.all });
  });

  const setFilters = (next: LeadFilters) =>
    setSearchParams(leadQuery(next), { replace: true, preventScrollReset: true });

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="Leads"
        description="Visitors who left their contact details with one of your chatbots."
        actions={
          !viewing && (
            <a
              href={leadsExportUrl(filters)}
              download
              className={buttonStyles({ variant: 'secondary' })}
            >
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          )
        }
      />
      <LeadsFilters filters={filters} bots={bots.data ?? []} onChange={setFilters} />
      <LeadsTable
        filters={filters}
        data={leads.data}
        loading={leads.isPending}
        error={leads.error}
        onPage={(page) => setFilters({ ...filters, page })}
        onClear={() => setFilters(readLeadFilters(new URLSearchParams()))}
      />
      <WebhookPanel bots={bots.data ?? []} loading={bots.isPending} />
    </div>
  );
}
