import type { AdminUser } from '@askwell/shared';
import clsx from 'clsx';
import {
  BadgeCheck,
  Ban,
  CircleCheck,
  EllipsisVertical,
  Eye,
  Gift,
  Pencil,
  ShieldCheck,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import {
  focusFirstItem,
  moveFocusWithin,
  useDismissOnOutsidePress,
} from '@/components/layouts/dashboard-popover';

export type UserAction =
  'edit' | 'view' | 'suspend' | 'unsuspend' | 'tier' | 'premium' | 'role' | 'delete';

const menuItems: { action: Exclude<UserAction, 'edit'>; label: string; icon: LucideIcon }[] = [
  { action: 'view', label: 'View as customer', icon: Eye },
  { action: 'tier', label: 'Change tier', icon: BadgeCheck },
  { action: 'premium', label: 'Grant Premium', icon: Gift },
  { action: 'role', label: 'Change role', icon: ShieldCheck },
  { action: 'suspend', label: 'Suspend', icon: Ban },
  { action: 'unsuspend', label: 'Unsuspend', icon: CircleCheck },
  { action: 'delete', label: 'Delete', icon: Trash2 },
];

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600';

// Edit at hand, the rest in a menu. The menu is placed against the viewport: the table scrolls
// sideways and its panel clips, so a menu inside them would be cut off on the last rows.
export function UserRowActions({
  user,
  allowed,
  onAction,
}: {
  user: AdminUser;
  allowed: Partial<Record<UserAction, boolean>>;
  onAction: (action: UserAction) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top?: number; bottom?: number; right: number }>({
    right: 0,
  });
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismissOnOutsidePress(open, close, containerRef);
  const items = menuItems.filter((item) => allowed[item.action]);

  useLayoutEffect(() => {
    if (!open || !buttonRef.current || !menuRef.current) return;
    const button = buttonRef.current.getBoundingClientRect();
    const height = menuRef.current.offsetHeight;
    const right = Math.max(8, window.innerWidth - button.right);
    setPosition(
      button.bottom + height + 8 > window.innerHeight && button.top > height + 8
        ? { bottom: window.innerHeight - button.top + 4, right }
        : { top: button.bottom + 4, right },
    );
    focusFirstItem(menuRef.current);
  }, [open]);

  // A menu fixed to the viewport would float away from its row as the page moves.
  useEffect(() => {
    if (!open) return;
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open, close]);

  const choose = (action: UserAction) => {
    setOpen(false);
    onAction(action);
  };

  return (
    <div
      ref={containerRef}
      className="flex items-center justify-end gap-1"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      {allowed.edit && (
        <button
          type="button"
          className={iconButton}
          aria-label={`Edit ${user.email}`}
          title="Edit"
          onClick={() => onAction('edit')}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
      )}
      {items.length > 0 && (
        <>
          <button
            ref={buttonRef}
            type="button"
            className={clsx(iconButton, open && 'bg-slate-100 text-slate-900')}
            aria-label={`More actions for ${user.email}`}
            aria-haspopup="menu"
            aria-expanded={open}
            aria-controls={`${id}-menu`}
            title="More actions"
            onClick={() => setOpen((current) => !current)}
          >
            <EllipsisVertical className="size-4" aria-hidden="true" />
          </button>
          <div
            ref={menuRef}
            id={`${id}-menu`}
            role="menu"
            aria-label={`Actions for ${user.email}`}
            hidden={!open}
            onKeyDown={moveFocusWithin}
            style={position}
            className="fixed z-50 w-48 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10"
          >
            {items.map(({ action, label, icon: Icon }) => (
              <button
                key={action}
                type="button"
                role="menuitem"
                onClick={() => choose(action)}
                className={clsx(
                  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none',
                  action === 'delete' || action === 'suspend' ? 'text-red-700' : 'text-slate-700',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
