import { Globe } from 'lucide-react';

import { DashboardComingSoon } from '@/components/layouts/dashboard-coming-soon';

export function WebsiteIntegrationTab() {
  return (
    <DashboardComingSoon
      icon={<Globe className="size-6" aria-hidden="true" />}
      title="Website embed"
    >
      <p>
        The one-line script that puts your chatbot on any website, its options and the WordPress and
        Shopify guides will appear here.
      </p>
    </DashboardComingSoon>
  );
}
