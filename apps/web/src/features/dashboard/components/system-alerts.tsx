import type { DashboardAlert } from '@askwell/shared';
import clsx from 'clsx';
import { CircleCheck, ShieldAlert } from 'lucide-react';

import { AlertItem } from '@/components/alerts/alert-item';
import { Panel } from '@/components/ui/panel';

export function SystemAlerts({
  alerts,
  className,
}: {
  alerts: DashboardAlert[];
  className?: string;
}) {
  return (
    <Panel
      title="System Alerts"
      icon={<ShieldAlert className="size-5" aria-hidden="true" />}
      className={clsx('min-w-0', className)}
    >
      {alerts.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-10 text-center sm:px-6">
          <CircleCheck className="size-6 text-green-700" aria-hidden="true" />
          <p className="text-sm text-slate-600">No active alerts</p>
        </div>
      ) : (
        <ul aria-label="System alerts" className="space-y-3 p-4 sm:p-5">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
