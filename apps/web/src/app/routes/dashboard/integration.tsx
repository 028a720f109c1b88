import { Code2 } from 'lucide-react';

import { DashboardComingSoon } from '@/components/layouts/dashboard-coming-soon';
import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function IntegrationRoute() {
  useDocumentTitle('Integration');

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Integration"
        description="Add your AI chatbot to your website or integrate it with your mobile app."
      />
      <DashboardComingSoon
        icon={<Code2 className="size-6" aria-hidden="true" />}
        title="Embed code and API access arrive soon"
      >
        <p>
          Here you will copy the one-line script that puts your chatbot on any website, and find the
          chat API for your own apps, with guides for WordPress and Shopify.
        </p>
      </DashboardComingSoon>
    </div>
  );
}
