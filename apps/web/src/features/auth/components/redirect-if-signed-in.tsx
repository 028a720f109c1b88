import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { safeRedirect, useProfile } from '@/lib/auth';

// Signed-in visitors skip the sign-in screens. This is also how a successful sign-in or
// verification leaves them: the profile query fills in and this sends the user on.
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const [params] = useSearchParams();
  if (profile.data) {
    return <Navigate to={safeRedirect(params.get('redirect'), paths.dashboard)} replace />;
  }
  return children;
}
