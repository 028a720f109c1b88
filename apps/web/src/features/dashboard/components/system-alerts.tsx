import type { DashboardAlert, DashboardAlertType } from '@askwell/shared';
import clsx from 'clsx';
import {
  ArrowRight,
  CircleAlert,
  CircleCheck,
  Info,
  ShieldAlert,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { Panel } from '@/components/ui/panel';

import { RelativeTime } from './relative-time';

type AlertStyle = { icon: LucideIcon; label: string; box: string; iconTone: string; link: string };

const alertStyles: Record<DashboardAlertType, AlertStyle> = {
  error: {
    icon: CircleAlert,
    label: 'Error',
    box: 'bg-red-50 text-red-900 ring-red-200',
    iconTone: 'text-red-700',
    link: 'text-red-900 hover:text-red-950',
  },
  warning: {
    icon: TriangleAlert,
    label: 'Warning',
    box: 'bg-amber-50 text-amber-900 ring-amber-200',
    iconTone: 'text-amber-700',
    link: 'text-amber-900 hover:text-amber-950',
  },
  info: {
    icon: Info,
    label: 'Information',
    box: 'bg-blue-50 text-blue-900 ring-blue-200',
    iconTone: 'text-blue-700',
    link: 'text-blue-900 hover:text-blue-950',
  },
};

function AlertItem({ alert }: { alert: DashboardAlert }) {
  const messageId = useId();
  // Anything but error and warning reads as information.
  const style = alertStyles[alert.type] ?? alertStyles.info;
  const Icon = style.icon;
  const linkClass = clsx(
    'inline-flex shrink-0 items-center gap-1 rounded text-sm font-semibold underline-offset-2 hover:underline',
    style.link,
  );
  const external = alert.link !== null && !alert.link.startsWith('/');

  return (
    <li className={clsx('flex items-start gap-3 rounded-xl p-3.5 ring-1 ring-inset', style.box)}>
      <Icon className={clsx('mt-0.5 size-5 shrink-0', style.iconTone)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <span className="sr-only">{style.label}: </span>
        <p id={messageId} className="text-sm font-medium break-words">
          {alert.message}
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <RelativeTime value={alert.timestamp} className="text-xs opacity-90" />
          {alert.link &&
            (external ? (
              <a href={alert.link} aria-describedby={messageId} className={linkClass}>
                View
                <ArrowRight className="size-4" aria-hidden="true" />
              </a>
            ) : (
              <Link to={alert.link} aria-describedby={messageId} className={linkClass}>
                View
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            ))}
        </div>
      </div>
    </li>
  );
}

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
