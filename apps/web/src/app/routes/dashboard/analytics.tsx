import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AnalyticsRoute() {
  useDocumentTitle('Analytics');
  return <AnalyticsPage />;
}
