import type { Profile } from '@askwell/shared';
import { Menu } from 'lucide-react';
import type { Ref } from 'react';
import { NavLink } from 'react-router';

import { DashboardCaseStudiesMenu } from './dashboard-case-studies-menu';
import { websiteLinks } from './dashboard-nav';
import { DashboardNotifications } from './dashboard-notifications';
import { DashboardSearch } from './dashboard-search';
import { DashboardUserMenu } from './dashboard-user-menu';

type DashboardHeaderProps = {
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: Ref<HTMLButtonElement>;
  profile: Profile | null | undefined;
};

export function DashboardHeader({
  sidebarId,
  sidebarOpen,
  onToggleSidebar,
  toggleRef,
  profile,
}: DashboardHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8">
        <button
          ref={toggleRef}
          type="button"
          onClick={onToggleSidebar}
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
        >
          <span className="sr-only">{sidebarOpen ? 'Close sidebar' : 'Open sidebar'}</span>
          <Menu className="size-5" aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <DashboardSearch isAdmin={Boolean(profile?.is_admin)} />
        </div>
        <nav aria-label="Website" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {websiteLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <DashboardCaseStudiesMenu />
            </li>
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <DashboardNotifications />
          {profile && <DashboardUserMenu profile={profile} />}
        </div>
      </div>
    </header>
  );
}
