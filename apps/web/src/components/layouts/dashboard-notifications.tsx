import clsx from 'clsx';
import { Bell, CircleCheck } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';

import { AlertItem } from '@/components/alerts/alert-item';
import { useOverview, useOverviewSync } from '@/hooks/use-dashboard-overview';
import { countOf } from '@/lib/format';

import { popoverPanelStyles, useDismissOnOutsidePress } from './dashboard-popover';

// Alerts newer than this were not yet seen; opening the list marks them seen on this browser.
const seenKey = 'askwell:alerts-seen-at';

function readSeenAt() {
  try {
    return Number(localStorage.getItem(seenKey)) || 0;
  } catch {
    return 0;
  }
}

export function DashboardNotifications() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [seenAt, setSeenAt] = useState(readSeenAt);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, containerRef);
  const overview = useOverview({ poll: false });
  useOverviewSync();
  const alerts = overview.data?.alerts ?? [];
  const unread = alerts.filter((alert) => Date.parse(alert.timestamp) > seenAt).length;

  const toggle = () => {
    if (!open) {
      const now = Date.now();
      setSeenAt(now);
      try {
        localStorage.setItem(seenKey, String(now));
      } catch {
        // Without storage the count resets with the page.
      }
    }
    setOpen((current) => !current);
  };

  return (
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={toggle}
        className={clsx(
          'relative inline-flex size-10 items-center justify-center rounded-lg transition-colors',
          open
            ? 'bg-slate-100 text-slate-900'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        <span className="sr-only">
          {unread > 0 ? `Notifications, ${countOf(unread, 'unread alert')}` : 'Notifications'}
        </span>
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-4.5 font-semibold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      <div
        id={`${id}-panel`}
        hidden={!open}
        role="region"
        aria-label="Notifications"
        className={clsx(popoverPanelStyles, 'right-0 w-[min(22rem,calc(100vw-2rem))]')}
      >
        <p className="border-b border-slate-100 px-3 pt-1.5 pb-2.5 text-sm font-semibold text-slate-900">
          Notifications
        </p>
        {overview.isPending ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">Loading...</p>
        ) : overview.isError && alerts.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-red-800">
            Alerts could not be loaded: {overview.error.message}
          </p>
        ) : alerts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <CircleCheck className="size-6 text-green-700" aria-hidden="true" />
            <p className="text-sm text-slate-600">No active alerts</p>
          </div>
        ) : (
          <ul
            aria-label="Alerts"
            className="max-h-[min(26rem,70vh)] space-y-2 overflow-y-auto p-2"
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a')) close();
            }}
          >
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
