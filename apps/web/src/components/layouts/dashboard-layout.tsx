import type { ReactNode } from 'react';

import { useProfile } from '@/lib/auth';
import { useViewAs } from '@/lib/view-as';

import { AppShell } from './app-shell';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { ViewAsBanner } from './view-as-banner';

// `children` replaces the routed page: the area's error screen is shown inside the shell.
export function DashboardLayout({ children }: { children?: ReactNode }) {
  const profile = useProfile().data;
  const view = useViewAs();
  return (
    <AppShell
      area="dashboard"
      sidebar={(drawer) => <DashboardSidebar drawer={drawer} profile={profile} />}
      header={<DashboardHeader profile={profile} />}
      banner={view && <ViewAsBanner view={view} />}
    >
      {children}
    </AppShell>
  );
}
