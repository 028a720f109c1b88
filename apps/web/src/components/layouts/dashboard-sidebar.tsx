import type { Profile } from '@askwell/shared';
import clsx from 'clsx';
import { Sparkles, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';

import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useAccountPlan } from '@/features/plans/api/account-plan';
import { UsageMeter } from '@/features/plans/components/usage-meter';
import { planLabels } from '@/features/plans/lib/plan-labels';

import type { SidebarDrawer } from './app-shell';
import {
  adminPanelItem,
  dashboardNavItems,
  trialStatus,
  websiteLinks,
  type DashboardNavItem,
} from './dashboard-nav';

type DashboardSidebarProps = {
  drawer: SidebarDrawer;
  profile: Profile | null | undefined;
};

function SidebarLink({ item, onNavigate }: { item: DashboardNavItem; onNavigate: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors',
          isActive
            ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )
      }
    >
      {({ isActive }) => (
        <>
          <Icon
            className={clsx(
              'size-5 shrink-0',
              isActive ? 'text-brand-700' : 'text-slate-500 group-hover:text-slate-700',
            )}
            aria-hidden="true"
          />
          {item.label}
        </>
      )}
    </NavLink>
  );
}

// The plan as the server enforces it (GET /api/plan); until that answers, the profile's tier.
function PlanCard({ profile, onNavigate }: { profile: Profile; onNavigate: () => void }) {
  const plan = useAccountPlan().data;
  const status = plan?.status ?? (profile.subscription_tier === 'premium' ? 'premium' : 'trial');
  const premium = status === 'premium' || status === 'staff';
  const timeLeft =
    status === 'trial' ? trialStatus(plan?.trialEndsAt ?? profile.trial_ends_at) : null;
  return (
    <div className="rounded-xl bg-linear-to-br from-brand-800 to-brand-950 p-4 text-white shadow-sm">
      <p className="text-sm text-brand-100" data-testid="current-plan">
        Current Plan: <span className="font-semibold text-white">{planLabels[status]}</span>
      </p>
      {timeLeft && (
        <p className="mt-1 text-xs text-brand-100" data-testid="trial-status">
          {timeLeft}
        </p>
      )}
      {plan && plan.status !== 'staff' && (
        <div className="mt-3">
          <UsageMeter
            tone="dark"
            label="Messages this month"
            used={plan.usage.messages.used}
            limit={plan.usage.messages.limit}
            testId="sidebar-usage-meter"
          />
        </div>
      )}
      {!premium && (
        <Link
          to="/dashboard/settings"
          onClick={onNavigate}
          className="mt-3 inline-flex w-full items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
        >
          <Sparkles className="size-4" aria-hidden="true" />
          Upgrade
        </Link>
      )}
    </div>
  );
}

// Always in view from lg up; below that it slides in over the page and the header's button,
// Escape, the overlay or any navigation closes it.
export function DashboardSidebar({ drawer, profile }: DashboardSidebarProps) {
  const { id, open, onClose, closeButtonRef } = drawer;
  const items = profile?.is_admin ? [...dashboardNavItems, adminPanelItem] : dashboardNavItems;
  return (
    <aside
      id={id}
      aria-label="Dashboard"
      className={clsx(
        'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white transition-[translate,visibility] duration-300 ease-out lg:visible lg:w-64 lg:translate-x-0',
        open ? 'visible translate-x-0 shadow-2xl' : 'invisible -translate-x-full',
      )}
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-5">
        <Link
          to={paths.dashboard}
          onClick={onClose}
          className="rounded-md"
          aria-label="Askwell dashboard"
        >
          <Logo />
        </Link>
        <button
          ref={closeButtonRef}
          type="button"
          onClick={onClose}
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden"
        >
          <span className="sr-only">Close sidebar</span>
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-5">
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} onNavigate={onClose} />
            </li>
          ))}
        </ul>
        <div className="mt-8 xl:hidden">
          <p className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500">
            Website
          </p>
          <ul className="mt-2 space-y-1">
            {[...websiteLinks, { label: 'Case Studies', to: paths.caseStudies }].map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={onClose}
                  className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      {profile && (
        <div className="shrink-0 border-t border-slate-200 p-4">
          <PlanCard profile={profile} onNavigate={onClose} />
        </div>
      )}
    </aside>
  );
}
