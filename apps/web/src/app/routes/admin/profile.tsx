import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { ChangePasswordForm } from '@/features/admin/components/change-password-form';
import { ProfileNameForm } from '@/features/admin/components/profile-name-form';
import { SessionsList } from '@/features/admin/components/sessions-list';
import { TwoFactorSection } from '@/features/admin/components/two-factor';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfile } from '@/lib/auth';

export function AdminProfileRoute() {
  useDocumentTitle('Profile');
  const profile = useProfile().data;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Profile"
        description="Your staff account: name, password, two-factor authentication and sessions."
      />
      {profile && <ProfileNameForm key={profile.id} profile={profile} />}
      <ChangePasswordForm />
      <TwoFactorSection />
      <SessionsList />
    </div>
  );
}
