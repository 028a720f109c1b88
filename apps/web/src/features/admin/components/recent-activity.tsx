import { History } from 'lucide-react';

import { RelativeTime } from '@/components/ui/relative-time';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';

import { useAdminActivity } from '../api/audit-logs';
import { AdminPanel } from './admin-panel';
import { EmptyState } from './empty-state';

// Spec §2 and §3: the ten newest entries of the audit log, each as its message and its time.
export function RecentActivity() {
  const activity = useAdminActivity();
  return (
    <AdminPanel title="Recent Activity" description="The newest staff actions from the audit log.">
      {activity.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-3 px-6 py-10 text-sm text-slate-600"
        >
          <Spinner className="size-5 text-brand-700" />
          Loading...
        </p>
      ) : activity.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm text-slate-700">
          <p>The activity could not be loaded. {activity.error.message}</p>
          <RetryButton query={activity} />
        </div>
      ) : activity.data.length === 0 ? (
        <EmptyState icon={History} title="No activity yet">
          No staff action has been recorded yet.
        </EmptyState>
      ) : (
        <ul aria-label="Recent Activity" className="divide-y divide-slate-100">
          {activity.data.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-1 px-5 py-3.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4 sm:px-6"
            >
              <p className="min-w-0 text-sm text-slate-900 [overflow-wrap:anywhere]">
                {item.message}
              </p>
              <RelativeTime
                value={item.timestamp}
                className="shrink-0 text-xs whitespace-nowrap text-slate-500"
              />
            </li>
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
