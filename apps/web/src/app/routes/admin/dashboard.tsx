import { AccessSummary } from '@/features/admin/components/access-summary';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { NotBuiltYet } from '@/features/admin/components/not-built-yet';
import { OverviewTiles } from '@/features/admin/components/overview-tiles';
import { RecentActivity } from '@/features/admin/components/recent-activity';
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
      <OverviewTiles />
      <RecentActivity />
      {profile && <AccessSummary role={profile.role} />}
      <NotBuiltYet />
    </div>
  );
}
