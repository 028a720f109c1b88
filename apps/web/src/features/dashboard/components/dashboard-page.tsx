import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { useBots } from '@/hooks/use-bots';

import { DashboardOverview } from './dashboard-overview';
import { GettingStarted } from './getting-started';

export function DashboardPage() {
  const bots = useBots();
  const hasNoBots = bots.data?.length === 0;

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Dashboard"
        description="Monitor your chatbots and user activity in real-time"
      />
      <DashboardOverview />
      {hasNoBots && <GettingStarted />}
    </div>
  );
}
