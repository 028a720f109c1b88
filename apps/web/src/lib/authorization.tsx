import { canOpenSection, hasPermissions, type AdminSectionKey } from '@askwell/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';

import { sessionEndedBySignOut, useProfile } from './auth';

// The UI only mirrors the server's rules (every API route checks them again): signed out goes to
// /login replacing history and comes back after sign-in; a missing role or permission goes to the
// access-denied page. Signing out on purpose goes to plain /login: there is nothing to come back to.
export function RequireSignedIn() {
  const location = useLocation();
  const profile = useProfile();
  if (profile.isPending) return <LoadingScreen />;
  if (!profile.data) {
    if (sessionEndedBySignOut()) return <Navigate to={paths.login} replace />;
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return <Outlet />;
}

type RequireAdminProps = {
  section?: AdminSectionKey;
  // Spec §5: a guard may require named permissions, all of which must be held; empty means none.
  permissions?: readonly string[];
  children?: ReactNode;
};

export function RequireAdmin({
  section = 'dashboard',
  permissions = [],
  children,
}: RequireAdminProps) {
  const profile = useProfile();
  if (profile.isPending) return <LoadingScreen />;
  const user = profile.data;
  if (!user) return <Navigate to={paths.login} replace />;
  const allowed =
    canOpenSection(user.role, section) && hasPermissions(user.role, user.permissions, permissions);
  if (!allowed) return <Navigate to={paths.adminUnauthorized} replace />;
  return children ?? <Outlet />;
}
