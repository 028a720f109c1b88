import { roleLabels, type Profile } from '@askwell/shared';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { Link, NavLink } from 'react-router';

import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';

import { adminNavItems, displayName, initialOf } from './admin-nav';
import type { SidebarDrawer } from './app-shell';

type AdminSidebarProps = {
  drawer: SidebarDrawer;
  profile: Profile | null | undefined;
};

export function AdminSidebar({ drawer, profile }: AdminSidebarProps) {
  const { id, open, hidden, onClose, closeButtonRef } = drawer;
  const items = adminNavItems(profile?.role);
  const name = profile ? displayName(profile) : '';

  return (
    <aside
      id={id}
      aria-label="Admin"
      inert={hidden}
      data-open={open}
      className={clsx(
        'fixed inset-y-0 left-0 z-50 flex w-64 flex-col bg-slate-900 text-slate-300 transition-transform duration-300 ease-in-out lg:translate-x-0',
        open ? 'translate-x-0 shadow-2xl' : '-translate-x-full',
      )}
    >
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-white/10 px-5">
        <Link
          to={paths.admin}
          onClick={onClose}
          className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400"
        >
          <LogoMark className="size-8" />
          <span className="text-lg font-bold tracking-tight text-white">Askwell</span>
          <span className="rounded-md bg-white/10 px-1.5 py-0.5 text-[0.7rem] font-semibold tracking-wide text-brand-200 uppercase">
            Admin
          </span>
        </Link>
        <button
          ref={closeButtonRef}
          type="button"
          onClick={onClose}
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-400 hover:bg-white/10 hover:text-white lg:hidden"
        >
          <span className="sr-only">Close sidebar</span>
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Admin sections" className="flex-1 overflow-y-auto px-3 py-5">
        <ul className="space-y-1" data-testid="admin-nav">
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <NavLink
                  to={item.path}
                  end={item.key === 'dashboard'}
                  onClick={onClose}
                  className={({ isActive }) =>
                    clsx(
                      'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-400',
                      isActive
                        ? 'bg-brand-700 text-white shadow-sm'
                        : 'text-slate-300 hover:bg-white/5 hover:text-white',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0 opacity-90" aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      {profile && (
        <div className="flex shrink-0 items-center gap-3 border-t border-white/10 px-5 py-4">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            aria-hidden="true"
          >
            {initialOf(name, profile.email)}
          </span>
          <div className="min-w-0" data-testid="admin-sidebar-user">
            <p className="truncate text-sm font-semibold text-white">{name}</p>
            <p className="truncate text-xs text-slate-400">{roleLabels[profile.role]}</p>
          </div>
        </div>
      )}
    </aside>
  );
}
