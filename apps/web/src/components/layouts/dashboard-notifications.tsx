import clsx from 'clsx';
import { Bell, BellOff } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';

import { popoverPanelStyles, useDismissOnOutsidePress } from './dashboard-popover';

export function DashboardNotifications() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, containerRef);

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
        onClick={() => setOpen((current) => !current)}
        className={clsx(
          'inline-flex size-10 items-center justify-center rounded-lg transition-colors',
          open
            ? 'bg-slate-100 text-slate-900'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        <span className="sr-only">Notifications</span>
        <Bell className="size-5" aria-hidden="true" />
      </button>
      <div
        id={`${id}-panel`}
        hidden={!open}
        role="region"
        aria-label="Notifications"
        className={clsx(popoverPanelStyles, 'right-0 w-[min(20rem,calc(100vw-2rem))]')}
      >
        <p className="border-b border-slate-100 px-3 pt-1.5 pb-2.5 text-sm font-semibold text-slate-900">
          Notifications
        </p>
        <div className="flex flex-col items-center px-4 py-8 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <BellOff className="size-5" aria-hidden="true" />
          </span>
          <p className="mt-3 text-sm font-semibold text-slate-900">No notifications yet</p>
          <p className="mt-1 text-xs text-slate-600">
            We&apos;ll let you know here when something needs your attention.
          </p>
        </div>
      </div>
    </div>
  );
}
