import type { Profile } from '@askwell/shared';
import clsx from 'clsx';
import { ChevronDown, LogOut, UserCog } from 'lucide-react';
import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/auth';

import {
  focusFirstItem,
  moveFocusWithin,
  popoverPanelStyles,
  useDismissOnOutsidePress,
} from './dashboard-popover';

export function UserAvatar({ profile, className }: { profile: Profile; className?: string }) {
  const initial = (profile.first_name || profile.name || profile.email).charAt(0).toUpperCase();
  if (profile.image) {
    return (
      <img
        src={profile.image}
        alt=""
        referrerPolicy="no-referrer"
        className={clsx(
          'size-8 shrink-0 rounded-full object-cover ring-1 ring-slate-200',
          className,
        )}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white',
        className,
      )}
    >
      {initial}
    </span>
  );
}

export function DashboardUserMenu({ profile }: { profile: Profile }) {
  const id = useId();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, containerRef);
  const displayName = profile.name || profile.email;

  // The route guard also sends a user who signed out to /login (see useSignOut), so the two
  // navigations agree whichever runs first.
  const onSignOut = async () => {
    try {
      await signOut.mutateAsync();
    } catch {
      toast.error('Failed to sign out. Please try again.');
    }
    await navigate(paths.login, { replace: true });
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      flushSync(() => setOpen(true));
      focusFirstItem(panelRef.current);
    }
  };

  return (
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={`Account menu for ${displayName}`}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={onButtonKeyDown}
        className={clsx(
          'flex items-center gap-2 rounded-full p-1 transition-colors sm:rounded-lg sm:py-1 sm:pr-2 sm:pl-1',
          open ? 'bg-slate-100' : 'hover:bg-slate-100',
        )}
      >
        <UserAvatar profile={profile} />
        <span
          className="hidden max-w-40 truncate text-sm font-semibold text-slate-900 sm:block"
          data-testid="user-menu-name"
        >
          {displayName}
        </span>
        <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden="true" />
      </button>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        hidden={!open}
        onKeyDown={moveFocusWithin}
        className={clsx(popoverPanelStyles, 'right-0 w-64')}
      >
        <div className="flex items-center gap-3 border-b border-slate-100 px-3 pt-2 pb-3">
          <UserAvatar profile={profile} className="size-10" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{displayName}</p>
            <p className="truncate text-xs text-slate-600">{profile.email}</p>
          </div>
        </div>
        <ul className="pt-1">
          <li>
            <Link
              to="/dashboard/settings"
              onClick={close}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:bg-slate-50"
            >
              <UserCog className="size-4 text-slate-500" aria-hidden="true" />
              Profile Settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={onSignOut}
              disabled={signOut.isPending}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:bg-slate-50"
            >
              <LogOut className="size-4 text-slate-500" aria-hidden="true" />
              {signOut.isPending ? 'Signing out...' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
