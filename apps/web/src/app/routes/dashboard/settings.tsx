import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { BillingActions } from '@/features/billing/components/billing-actions';
import { useApiKeys } from '@/features/settings/api/api-keys';
import { useModelSettings } from '@/features/settings/api/model-settings';
import { AskwellApiKeysSection } from '@/features/settings/components/askwell-api-keys-section';
import { ModelSettingsSection } from '@/features/settings/components/model-settings-section';
import { useAccountPlan } from '@/features/plans/api/account-plan';
import { PlanBillingSection } from '@/features/plans/components/plan-billing-section';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfile } from '@/lib/auth';

export function SettingsRoute() {
  useDocumentTitle('Settings');
  const profile = useProfile().data;
  const { hash } = useLocation();
  // A link to #askwell-api-keys lands before the sections above it have loaded and grown, so the
  // jump is made again once they have.
  const modelSettings = useModelSettings();
  const apiKeys = useApiKeys();
  const accountPlan = useAccountPlan();
  const loaded = !modelSettings.isPending && !apiKeys.isPending && !accountPlan.isPending;
  useEffect(() => {
    if (loaded && hash)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Settings"
        description="Manage your account settings and preferences"
      />
      <section
        id="profile"
        aria-labelledby="profile-title"
        className="scroll-mt-24 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex items-center gap-3 border-b border-slate-200 px-6 py-5">
          <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
            <UserRound className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id="profile-title" className="text-base font-semibold text-slate-900">
              Profile
            </h2>
            <p className="text-sm text-slate-600">The name shown across your dashboard.</p>
          </div>
        </div>
        <div className="px-6 py-6">
          {/* Keyed so the form starts over from the saved values when the profile changes. */}
          {profile && <ProfileForm key={profile.id} profile={profile} />}
        </div>
      </section>
      <PlanBillingSection actions={<BillingActions />} />
      <ModelSettingsSection />
      <AskwellApiKeysSection />
    </div>
  );
}
