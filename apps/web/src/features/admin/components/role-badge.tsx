import { isStaffRole, roleLabels, type Role } from '@askwell/shared';
import clsx from 'clsx';

const roleTones: Record<Role, string> = {
  user: 'bg-slate-100 text-slate-700 ring-slate-200',
  super_admin: 'bg-violet-50 text-violet-800 ring-violet-200',
  sales_manager: 'bg-amber-50 text-amber-800 ring-amber-200',
  support_team: 'bg-sky-50 text-sky-800 ring-sky-200',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        roleTones[role],
      )}
    >
      {roleLabels[role]}
    </span>
  );
}

// Staff accounts carry the default 'free' tier in the database but never subscribe: they are
// shown as staff, not as customers on the free plan.
export function subscriptionLabel(role: Role, tier: 'free' | 'premium') {
  if (isStaffRole(role)) return 'Staff';
  return tier === 'premium' ? 'Premium' : 'Free';
}

export function TierBadge({ role, tier }: { role: Role; tier: 'free' | 'premium' }) {
  const label = subscriptionLabel(role, tier);
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        label === 'Premium'
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : label === 'Staff'
            ? 'bg-slate-100 text-slate-700 ring-slate-200'
            : 'bg-white text-slate-700 ring-slate-300',
      )}
    >
      {label}
    </span>
  );
}
