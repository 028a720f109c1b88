import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { useBots } from '@/hooks/use-bots';

import { DashboardOverview } from './dashboard-overview';
import { DemoDataBanner } from './demo-data-banner';
import { GettingStarted } from './getting-started';

export function DashboardPage() {
  const bots = useBots();
  // The demo chatbot is not the customer's own: the first steps stay until they make one.
  const hasNoOwnBots = bots.data?.every((bot) => bot.isDemo) ?? false;

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Dashboard"
        description="Monitor your chatbots and user activity in real-time"
      />
      <DemoDataBanner />
      <DashboardOverview />
      {hasNoOwnBots && <GettingStarted />}
    </div>
  );
}
