import {
  hasPermissions,
  subscriptionStatusLabels,
  userFilters,
  viewAsMessages,
  type AdminUser,
  type Profile,
  type UserFilter,
} from '@askwell/shared';
import { Search, Users } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/auth';
import { viewEndedParam } from '@/lib/view-as';
import { countOf, formatDate } from '@/lib/format';

import { useAdminUsers } from '../api/get-users';
import { useStartViewAs } from '../api/view-as';
import { AdminPanel } from './admin-panel';
import { EmptyState } from './empty-state';
import { RoleBadge, subscriptionLabel, TierBadge } from './role-badge';
import {
  ChangeRoleDialog,
  ChangeTierDialog,
  DeleteUserDialog,
  EditUserDialog,
  GrantPremiumDialog,
  SuspendUserDialog,
  UnsuspendUserDialog,
} from './user-dialogs';
import { UserRowActions, type UserAction } from './user-row-actions';

const filterLabels: Record<UserFilter, string> = {
  all: 'All Users',
  admin: 'Admins',
  free: 'Free Tier',
  premium: 'Premium Tier',
};

function isUserFilter(value: string | null): value is UserFilter {
  return (userFilters as readonly string[]).includes(value ?? '');
}

function fullName(user: AdminUser) {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

// What the signed-in staff member may do to a row; the server checks each rule again.
function allowedActions(
  viewer: Profile | null | undefined,
  user: AdminUser,
): Partial<Record<UserAction, boolean>> {
  if (!viewer) return {};
  const manage = hasPermissions(viewer.role, viewer.permissions, ['manage_users']);
  const isSuper = viewer.role === 'super_admin';
  const self = viewer.id === user.id;
  const reachable = manage && (!user.is_admin || isSuper);
  return {
    edit: manage && (reachable || self),
    view: manage && !user.is_admin,
    tier: manage && !user.is_admin,
    premium: manage && !user.is_admin,
    role: isSuper,
    suspend: reachable && !self && !user.suspended_at,
    unsuspend: reachable && !self && Boolean(user.suspended_at),
    delete: reachable && !self,
  };
}

function SuspendedBadge({ user }: { user: AdminUser }) {
  if (!user.suspended_at) return null;
  return (
    <span
      className="inline-flex items-center rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset"
      title={user.suspended_reason ? `Suspended: ${user.suspended_reason}` : 'Suspended'}
    >
      Suspended
    </span>
  );
}

function UserRow({
  user,
  viewer,
  onAction,
}: {
  user: AdminUser;
  viewer: Profile | null | undefined;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const name = fullName(user);
  return (
    <tr className="hover:bg-slate-50/70">
      <td className="px-5 py-3.5 sm:px-6">
        <div className="flex items-center gap-3">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800 ring-1 ring-brand-100"
            aria-hidden="true"
          >
            {(name || user.email).charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="flex min-w-0 items-center gap-2">
              <span className="truncate font-semibold text-slate-900">{name || '—'}</span>
              <SuspendedBadge user={user} />
            </p>
            <p className="truncate text-slate-600">{user.email}</p>
            <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 sm:hidden">
              <RoleBadge role={user.role} />
              <span className="min-w-0">
                {subscriptionLabel(user.role, user.subscription_tier)}
                {user.subscription_status &&
                  ` (${subscriptionStatusLabels[user.subscription_status]})`}{' '}
                · Joined {formatDate(user.created_at)}
              </span>
            </div>
          </div>
        </div>
      </td>
      <td className="hidden px-5 py-3.5 sm:table-cell">
        <div className="flex flex-wrap items-center gap-1.5">
          <RoleBadge role={user.role} />
          {!user.email_verified && (
            <span className="text-xs font-medium whitespace-nowrap text-amber-700">Unverified</span>
          )}
        </div>
      </td>
      <td className="hidden px-5 py-3.5 sm:table-cell">
        <TierBadge role={user.role} tier={user.subscription_tier} />
        {user.subscription_status && (
          <p className="mt-1 text-xs whitespace-nowrap text-slate-600">
            Subscription: {subscriptionStatusLabels[user.subscription_status]}
          </p>
        )}
      </td>
      <td className="hidden px-5 py-3.5 whitespace-nowrap text-slate-600 sm:table-cell">
        <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
      </td>
      <td className="py-3.5 pr-3 pl-1 sm:pr-5">
        <UserRowActions
          user={user}
          allowed={allowedActions(viewer, user)}
          onAction={(action) => onAction(action, user)}
        />
      </td>
    </tr>
  );
}

export function UsersList() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const rawFilter = params.get('filter');
  const filter: UserFilter = isUserFilter(rawFilter) ? rawFilter : 'all';

  const [text, setText] = useState(urlSearch);
  // The header's search box can change ?search= while this page is open.
  const [syncedFrom, setSyncedFrom] = useState(urlSearch);
  if (urlSearch !== syncedFrom) {
    setSyncedFrom(urlSearch);
    setText(urlSearch);
  }

  // Search and filter are written together from component state: react-router hands functional
  // updaters the params of the last render, so two quick updates would drop one of them.
  const pendingSearch = useRef<number | undefined>(undefined);
  const writeParams = useCallback(
    (search: string, nextFilter: UserFilter) => {
      const next = new URLSearchParams();
      if (search) next.set('search', search);
      if (nextFilter !== 'all') next.set('filter', nextFilter);
      setSyncedFrom(search);
      setParams(next, { replace: true });
    },
    [setParams],
  );

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === urlSearch) return;
    pendingSearch.current = window.setTimeout(() => writeParams(wanted, filter), 250);
    return () => window.clearTimeout(pendingSearch.current);
  }, [text, urlSearch, filter, writeParams]);

  const onFilterChange = (value: string) => {
    window.clearTimeout(pendingSearch.current);
    writeParams(text.trim(), isUserFilter(value) ? value : 'all');
  };

  // Sent here by a view as the customer whose grant ended (lib/view-as): said once, then gone
  // from the address so a reload does not say it again.
  const viewEnded = params.has(viewEndedParam);
  useEffect(() => {
    if (!viewEnded) return;
    toast(viewAsMessages.ended, { id: viewEndedParam });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(viewEndedParam);
        return next;
      },
      { replace: true },
    );
  }, [viewEnded, setParams]);

  const users = useAdminUsers(urlSearch, filter);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const viewer = useProfile().data;
  const [active, setActive] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const close = () => setActive(null);
  const startView = useStartViewAs();
  const onAction = (action: UserAction, user: AdminUser) => {
    if (action === 'view') {
      startView.mutate(user.id, { onError: (error) => void toast.error(error.message) });
      return;
    }
    setActive({ action, user });
  };

  return (
    <AdminPanel>
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:px-6">
        <div className="relative flex-1">
          <label htmlFor="users-search" className="sr-only">
            Search users
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="users-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search users..."
            className="block h-10 w-full rounded-lg bg-white pr-9 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-700 focus:outline-none"
          />
          {users.isFetching && !users.isPending && (
            <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
          )}
        </div>
        <div>
          <label htmlFor="users-filter" className="sr-only">
            Filter users
          </label>
          <select
            id="users-filter"
            value={filter}
            onChange={(event) => onFilterChange(event.target.value)}
            className="h-10 w-full rounded-lg bg-white pr-8 pl-3 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-700 focus:outline-none sm:w-44"
          >
            {userFilters.map((value) => (
              <option key={value} value={value}>
                {filterLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {users.isPending ? (
        <p role="status" className="px-6 py-14 text-center text-sm text-slate-600">
          Loading users...
        </p>
      ) : users.isError ? (
        <div role="alert" className="px-6 py-14 text-center text-sm text-slate-700">
          <p className="font-semibold text-slate-900">No users found</p>
          <p className="mt-1">The list could not be loaded: {users.error.message}</p>
          <button
            type="button"
            onClick={() => void users.refetch()}
            className="mt-3 font-semibold text-brand-800 hover:underline"
          >
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={Users} title="No users found">
          {urlSearch || filter !== 'all'
            ? 'No account matches this search and filter.'
            : 'Accounts appear here as soon as people sign up.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full table-fixed text-left text-sm sm:table-auto">
            <caption className="sr-only">Users</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-3 sm:px-6">
                  User
                </th>
                <th scope="col" className="hidden px-5 py-3 sm:table-cell">
                  Role
                </th>
                <th scope="col" className="hidden px-5 py-3 sm:table-cell">
                  Subscription
                </th>
                <th scope="col" className="hidden px-5 py-3 sm:table-cell">
                  Joined
                </th>
                <th scope="col" className="w-22 py-3 pr-3 pl-1 text-right sm:w-auto sm:pr-5">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((user) => (
                <UserRow key={user.id} user={user} viewer={viewer} onAction={onAction} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!users.isPending && rows.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 sm:px-6">
          <p className="text-xs text-slate-500" aria-live="polite">
            {users.hasNextPage
              ? `Showing the newest ${countOf(rows.length, 'user')}`
              : `Showing all ${countOf(rows.length, 'user')}`}
          </p>
          {users.hasNextPage && (
            <Button
              size="sm"
              variant="secondary"
              disabled={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {users.isFetchingNextPage && <Spinner className="size-4" />}
              {users.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </div>
      )}
      {active?.action === 'edit' && <EditUserDialog user={active.user} onClose={close} />}
      {active?.action === 'suspend' && <SuspendUserDialog user={active.user} onClose={close} />}
      {active?.action === 'tier' && <ChangeTierDialog user={active.user} onClose={close} />}
      {active?.action === 'premium' && <GrantPremiumDialog user={active.user} onClose={close} />}
      {active?.action === 'role' && <ChangeRoleDialog user={active.user} onClose={close} />}
      {active?.action === 'delete' && <DeleteUserDialog user={active.user} onClose={close} />}
      {active?.action === 'unsuspend' && <UnsuspendUserDialog user={active.user} onClose={close} />}
    </AdminPanel>
  );
}
