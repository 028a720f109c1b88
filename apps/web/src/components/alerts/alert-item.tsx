import type { DashboardAlert, DashboardAlertType } from '@askwell/shared';
import clsx from 'clsx';
import {
  ArrowRight,
  CircleAlert,
  CircleCheck,
  Info,
  Megaphone,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { RelativeTime } from '@/components/ui/relative-time';

// One alert as the dashboard home and the header's notifications show it: coloured by type (error
// red, warning amber, anything else blue), with a 'View' link to where it is dealt with.
type AlertStyle = { icon: LucideIcon; label: string; box: string; iconTone: string; link: string };

const blue = {
  box: 'bg-blue-50 text-blue-900 ring-blue-200',
  iconTone: 'text-blue-700',
  link: 'text-blue-900 hover:text-blue-950',
};

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
  info: { icon: Info, label: 'Information', ...blue },
  // A staff announcement.
  alert: { icon: Megaphone, label: 'Announcement', ...blue },
  success: { icon: CircleCheck, label: 'Good news', ...blue },
};

export function AlertItem({ alert }: { alert: DashboardAlert }) {
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
