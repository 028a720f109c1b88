import type { AccountPlan } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const accountPlanKey = ['account-plan'] as const;

// The sidebar meter and Plan & Billing read the same answer; messages arrive from visitors while
// the dashboard is open, so it is asked again every minute and on coming back to the tab.
export function useAccountPlan() {
  return useQuery({
    queryKey: accountPlanKey,
    queryFn: ({ signal }) => api.get<AccountPlan>('/api/plan', { signal }),
    refetchInterval: 60_000,
  });
}
