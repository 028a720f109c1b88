import type { ReactNode } from 'react';

import { useProfile } from '@/lib/auth';

import { AppShell } from './app-shell';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';

// `children` replaces the routed page: the area's error screen is shown inside the shell.
export function DashboardLayout({ children }: { children?: ReactNode }) {
  const profile = useProfile().data;
  return (
    <AppShell
      area="dashboard"
      sidebar={(drawer) => <DashboardSidebar drawer={drawer} profile={profile} />}
      header={<DashboardHeader profile={profile} />}
    >
      {children}
    </AppShell>
  );
}
