import { BarChart3 } from 'lucide-react';

import { DashboardComingSoon } from '@/components/layouts/dashboard-coming-soon';
import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AnalyticsRoute() {
  useDocumentTitle('Analytics');

  return (
    <div className="space-y-8">
      <DashboardPageHeader title="Analytics" />
      <DashboardComingSoon
        icon={<BarChart3 className="size-6" aria-hidden="true" />}
        title="Usage Statistics"
      >
        <p>
          The analytics dashboard is under development. Conversations, captured leads and response
          times of your chatbots will be charted here.
        </p>
      </DashboardComingSoon>
    </div>
  );
}
