import { lazy, Suspense } from 'react';

import { LoadingScreen } from '@/components/ui/loading-screen';

// The shells pull in the dashboard and admin layouts, which the public bundle must not carry.
const DashboardErrorShell = lazy(() =>
  import('./area-error-shells').then((m) => ({ default: m.DashboardErrorShell })),
);
const AdminErrorShell = lazy(() =>
  import('./area-error-shells').then((m) => ({ default: m.AdminErrorShell })),
);

export function DashboardErrorBoundary() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <DashboardErrorShell />
    </Suspense>
  );
}

export function AdminErrorBoundary() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminErrorShell />
    </Suspense>
  );
}
