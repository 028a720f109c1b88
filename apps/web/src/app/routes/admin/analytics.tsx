import { ChartLine, MessagesSquare, Target, TrendingUp } from 'lucide-react';

import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { EmptyState } from '@/features/admin/components/empty-state';
import { UpcomingList } from '@/features/admin/components/upcoming-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

const summaries = [
  {
    icon: MessagesSquare,
    title: 'Conversations',
    description: 'Conversations held by every chatbot on the platform, per day and per month.',
  },
  {
    icon: Target,
    title: 'Leads captured',
    description: 'Visitors who left their details with a chatbot, and the conversion rate.',
  },
  {
    icon: TrendingUp,
    title: 'Average conversation',
    description: 'How long conversations last, in messages and in time.',
  },
] as const;

export function AdminAnalyticsRoute() {
  useDocumentTitle('Analytics');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Analytics"
        description="Platform-wide figures. This page is not built yet, so it shows none."
      />
      <UpcomingList items={summaries} />
      <AdminPanel title="Growth Trends" description="Users, chatbots and conversations per month.">
        <EmptyState icon={ChartLine} title="Not available yet">
          The growth chart is not built yet. The customer analytics of each account are real and
          live on its own dashboard.
        </EmptyState>
      </AdminPanel>
    </div>
  );
}
