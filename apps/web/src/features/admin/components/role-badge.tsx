import { roleLabels, type Role } from '@askwell/shared';
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

export function TierBadge({ tier }: { tier: 'free' | 'premium' }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tier === 'premium'
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-white text-slate-700 ring-slate-300',
      )}
    >
      {tier === 'premium' ? 'Premium' : 'Free'}
    </span>
  );
}
