import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  return <DashboardPage />;
}
