import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { AdminLayout } from '@/components/layouts/admin-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { RequireAdmin } from '@/lib/authorization';
import { endViewAs, useViewAs } from '@/lib/view-as';

export function AdminShell() {
  const view = useViewAs();
  const queryClient = useQueryClient();
  // Arriving in the back office ends a view as a customer (Back, or a typed address). Until the
  // cache is emptied nothing is shown: the cached profile is the customer's, not the staff member's.
  useEffect(() => {
    if (!view) return;
    endViewAs();
    queryClient.removeQueries();
  }, [view, queryClient]);
  if (view) return <LoadingScreen />;
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}
