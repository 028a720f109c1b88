import { Code2, Globe } from 'lucide-react';
import { useSearchParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { TabPanel, Tabs, type TabItem } from '@/components/ui/tabs';
import { ApiIntegrationTab } from '@/features/integration/components/api-integration-tab';
import { WebsiteIntegrationTab } from '@/features/integration/components/website-integration-tab';
import { useDocumentTitle } from '@/hooks/use-document-title';

type IntegrationTab = 'website' | 'api';

const integrationTabs: ReadonlyArray<TabItem<IntegrationTab>> = [
  {
    id: 'website',
    label: 'Website Integration',
    icon: <Globe className="size-4" aria-hidden="true" />,
  },
  { id: 'api', label: 'API Integration', icon: <Code2 className="size-4" aria-hidden="true" /> },
];

const idPrefix = 'integration';

export function IntegrationRoute() {
  useDocumentTitle('Integration');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: IntegrationTab = searchParams.get('tab') === 'api' ? 'api' : 'website';

  const selectTab = (next: IntegrationTab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="Integration"
        description="Add your AI chatbot to your website or integrate it with your mobile app."
      />
      <Tabs
        idPrefix={idPrefix}
        label="Integration"
        tabs={integrationTabs}
        selected={tab}
        onSelect={selectTab}
        className="sm:max-w-lg"
      />
      <TabPanel idPrefix={idPrefix} tab={tab}>
        {tab === 'website' ? <WebsiteIntegrationTab /> : <ApiIntegrationTab />}
      </TabPanel>
    </div>
  );
}
