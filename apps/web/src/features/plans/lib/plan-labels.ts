import type { AccountPlan, PlanStatus } from '@askwell/shared';

export const planLabels: Record<PlanStatus, string> = {
  trial: 'Free Trial',
  premium: 'Premium',
  free: 'Free',
  staff: 'Staff',
};

export function daysLeft(until: string, now = Date.now()) {
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 86_400_000));
}

export function trialDaysText(plan: Pick<AccountPlan, 'status' | 'trialEndsAt'>, now = Date.now()) {
  if (plan.status !== 'trial' || !plan.trialEndsAt) return null;
  const days = daysLeft(plan.trialEndsAt, now);
  return days === 1 ? '1 day left' : `${days} days left`;
}

// How full a meter is, for its bar: a limit of 0 is full from the start.
export function usedFraction(used: number, limit: number) {
  if (limit <= 0) return 1;
  return Math.min(1, used / limit);
}
