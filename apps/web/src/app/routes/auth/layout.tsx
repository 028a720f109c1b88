import { Outlet } from 'react-router';

import { CenteredLayout } from '@/components/layouts/centered-layout';
import { QueryProvider } from '@/lib/query-provider';

export function AuthShell() {
  return (
    <QueryProvider>
      <CenteredLayout>
        <Outlet />
      </CenteredLayout>
    </QueryProvider>
  );
}
