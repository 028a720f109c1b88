import { PlugZap, ShieldCheck, SlidersHorizontal } from 'lucide-react';

import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { UpcomingList } from '@/features/admin/components/upcoming-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

const sections = [
  {
    icon: SlidersHorizontal,
    title: 'System Configuration',
    description: 'The site name and the admin e-mail address that platform mail comes from.',
  },
  {
    icon: ShieldCheck,
    title: 'Security Settings',
    description: 'Two-factor authentication for every staff account, and audit logging.',
  },
  {
    icon: PlugZap,
    title: 'Integration Settings',
    description:
      'Card and regional payment providers, with test and live keys kept apart and encrypted.',
  },
] as const;

export function AdminSettingsRoute() {
  useDocumentTitle('Settings');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Settings"
        description="Platform-wide configuration. These settings are not editable yet."
      />
      <UpcomingList items={sections} />
    </div>
  );
}
