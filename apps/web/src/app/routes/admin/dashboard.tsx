import { canOpenSection } from '@askwell/shared';

import { AccessSummary } from '@/features/admin/components/access-summary';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { ApiUsage } from '@/features/admin/components/api-usage';
import { OverviewTiles } from '@/features/admin/components/overview-tiles';
import { RecentActivity } from '@/features/admin/components/recent-activity';
import { SystemAnalytics } from '@/features/admin/components/system-analytics';
import { TrainingJobs } from '@/features/admin/components/training-jobs';
import { SystemConfiguration } from '@/features/admin/components/settings/system-configuration';
import { RevenuePanel } from '@/features/billing/components/revenue-panel';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfile } from '@/lib/auth';

export function AdminDashboardRoute() {
  useDocumentTitle('Admin dashboard');
  const profile = useProfile().data;

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Dashboard"
        description={
          profile?.first_name
            ? `Welcome back, ${profile.first_name}. Here is how Askwell is doing.`
            : 'Here is how Askwell is doing.'
        }
      />
      <OverviewTiles role={profile?.role} />
      <RevenuePanel />
      <SystemAnalytics />
      <ApiUsage />
      <RecentActivity />
      {profile && <AccessSummary role={profile.role} />}
      <TrainingJobs compact />
      {/* The settings API answers super admins only (spec §6), so only they see the section. */}
      {profile && canOpenSection(profile.role, 'settings') && <SystemConfiguration />}
    </div>
  );
}
