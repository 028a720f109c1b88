import type { Profile } from '@askwell/shared';
import { NavLink } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { useRealtimeReconnecting } from '@/lib/realtime';

import { DashboardCaseStudiesMenu } from './dashboard-case-studies-menu';
import { websiteLinks } from './dashboard-nav';
import { DashboardNotifications } from './dashboard-notifications';
import { DashboardSearch } from './dashboard-search';
import { DashboardUserMenu } from './dashboard-user-menu';

// Quiet on purpose: live updates pause, nothing else stops working, and the page catches up
// by itself once the connection is back.
function RealtimeStatus() {
  const reconnecting = useRealtimeReconnecting();
  return (
    <p role="status" className="contents">
      {reconnecting && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 p-1.5 text-xs font-medium text-slate-700 sm:px-2.5 sm:py-1">
          <Spinner className="size-3.5" />
          {/* On a phone the header has no room for the words; the spinner stays. */}
          <span className="sr-only sm:not-sr-only">Reconnecting…</span>
        </span>
      )}
    </p>
  );
}

// The dashboard's part of the shell's header: search, the website's links and the account.
export function DashboardHeader({ profile }: { profile: Profile | null | undefined }) {
  return (
    <>
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
        <RealtimeStatus />
        <DashboardNotifications />
        {profile && <DashboardUserMenu profile={profile} />}
      </div>
    </>
  );
}
