import { canOpenSection, roleLabels, type Profile } from '@askwell/shared';
import clsx from 'clsx';
import { Bell, ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { authApi } from '@/lib/auth';

import { displayName, initialOf } from './admin-nav';
import { AdminSearch } from './admin-search';

// Closes a popover on Escape (focus back to its button) or on a press outside it.
function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close, containerRef, buttonRef]);
}

function AdminNotifications() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, () => setOpen(false), containerRef, buttonRef);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        className={clsx(
          'inline-flex size-10 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900',
          open && 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">Notifications</span>
        <Bell className="size-5" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200"
        >
          <p className="text-sm font-semibold text-slate-900">Notifications</p>
          <div className="mt-3 flex flex-col items-center rounded-lg bg-slate-50 px-4 py-6 text-center">
            <Bell className="size-6 text-slate-400" aria-hidden="true" />
            <p className="mt-2 text-sm font-medium text-slate-700">No notifications</p>
            <p className="mt-1 text-xs text-slate-500">System alerts will show up here.</p>
          </div>
        </div>
      )}
    </div>
  );
}

function AdminUserMenu({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const close = () => setOpen(false);
  useDismiss(open, close, containerRef, buttonRef);
  const name = displayName(profile);

  // The admin sign-in page forgets the profile once it is shown: forgetting it here, with the admin
  // guard still mounted, would send the page to the customer sign-in instead.
  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await authApi.signOut();
    } catch {
      // The server ends the session when it next sees it; the page leaves the admin area anyway.
    }
    await navigate(paths.adminLogin, { replace: true, state: { signedOut: true } });
  };

  const itemClass =
    'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={menuId}
        className="flex items-center gap-2 rounded-lg py-1 pr-2 pl-1 text-left hover:bg-slate-100"
      >
        <span
          className="flex size-8 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {initialOf(name, profile.email)}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-semibold text-slate-800 md:block">
          {name}
        </span>
        <span className="sr-only md:hidden">{name}</span>
        <span className="sr-only">account menu</span>
        <ChevronDown className="hidden size-4 text-slate-500 md:block" aria-hidden="true" />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <div className="border-b border-slate-100 px-3 py-2.5">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">
              {profile.email} · {roleLabels[profile.role]}
            </p>
          </div>
          <ul className="pt-1.5">
            <li>
              <Link to="/admin/profile" onClick={close} className={itemClass}>
                <UserRound className="size-4 text-slate-500" aria-hidden="true" />
                Profile
              </Link>
            </li>
            {canOpenSection(profile.role, 'settings') && (
              <li>
                <Link to="/admin/settings" onClick={close} className={itemClass}>
                  <Settings className="size-4 text-slate-500" aria-hidden="true" />
                  Settings
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => void onSignOut()}
                disabled={signingOut}
                className={itemClass}
              >
                <LogOut className="size-4 text-slate-500" aria-hidden="true" />
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

// The back office's part of the shell's header: search, notifications and the account.
export function AdminHeader({ profile }: { profile: Profile | null | undefined }) {
  return (
    <>
      <div className="flex min-w-0 flex-1">
        <AdminSearch profile={profile} />
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        <AdminNotifications />
        {profile && <AdminUserMenu profile={profile} />}
      </div>
    </>
  );
}
