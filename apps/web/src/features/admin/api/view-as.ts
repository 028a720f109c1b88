import type { ViewAsGrant } from '@askwell/shared';
import { useMutation } from '@tanstack/react-query';

import { paths } from '@/config/paths';
import { api, type ApiError } from '@/lib/api-client';
import { startViewAs } from '@/lib/view-as';

// Starting a view is what the audit log records. The dashboard then loads afresh as the customer:
// a full page load leaves nothing of the staff member's own cached answers (their profile above
// all) to be shown as the customer's.
export function useStartViewAs() {
  return useMutation<ViewAsGrant, ApiError, string>({
    mutationFn: (userId) =>
      api.post<ViewAsGrant>(`/api/admin/users/${encodeURIComponent(userId)}/view-as`),
    onSuccess: (grant) => {
      startViewAs(grant);
      window.location.assign(paths.dashboard);
    },
  });
}
