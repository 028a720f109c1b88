import type { ReactNode } from 'react';

import { useProfile } from '@/lib/auth';

import { AdminHeader } from './admin-header';
import { AdminSidebar } from './admin-sidebar';
import { AppShell } from './app-shell';

// `children` replaces the routed page: the area's error screen is shown inside the shell.
export function AdminLayout({ children }: { children?: ReactNode }) {
  const profile = useProfile().data;
  return (
    <AppShell
      area="admin"
      sidebar={(drawer) => <AdminSidebar drawer={drawer} profile={profile} />}
      header={<AdminHeader profile={profile} />}
    >
      {children}
    </AppShell>
  );
}
