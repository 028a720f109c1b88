import {
  formatPlanPrice,
  planDefinitions,
  quotaExceededMessage,
  type AccountPlan,
} from '@askwell/shared';
import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';

import { useAccountPlan } from '../api/account-plan';
import { planLabels, trialDaysText } from '../lib/plan-labels';
import { UsageMeter } from './usage-meter';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Included({ label, included }: { label: string; included: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 text-sm">
      <span className="text-slate-600">{label}</span>
      <span className={included ? 'font-medium text-emerald-700' : 'text-slate-500'}>
        {included ? 'Included' : 'Premium only'}
      </span>
    </li>
  );
}

function PlanDetails({ plan }: { plan: AccountPlan }) {
  const { usage, limits } = plan;
  const trialLeft = trialDaysText(plan);
  return (
    <div className="space-y-6 px-5 py-6 sm:px-6">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Fact label="Current plan">
          <span data-testid="plan-name">{planLabels[plan.status]}</span>
        </Fact>
        {plan.status === 'trial' && plan.trialEndsAt && (
          <Fact label="Trial ends">
            <time dateTime={plan.trialEndsAt}>{formatDate(plan.trialEndsAt)}</time>
            {trialLeft && <span className="font-normal text-slate-600"> · {trialLeft}</span>}
          </Fact>
        )}
        {plan.status === 'premium' && (
          <Fact label="Renews">
            {plan.periodEndsAt ? (
              <time dateTime={plan.periodEndsAt}>{formatDate(plan.periodEndsAt)}</time>
            ) : (
              <span className="font-normal text-slate-600">No renewal date</span>
            )}
          </Fact>
        )}
        {plan.status !== 'staff' && (
          <Fact label="Price">{formatPlanPrice(planDefinitions[plan.tier])} per month</Fact>
        )}
      </dl>

      {plan.pausedBotIds.length > 0 && (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {plan.pausedBotIds.length === 1
            ? '1 chatbot is paused: it keeps its knowledge and conversations but does not answer visitors.'
            : `${plan.pausedBotIds.length} chatbots are paused: they keep their knowledge and conversations but do not answer visitors.`}{' '}
          {quotaExceededMessage('chatbots', 'free')}
        </p>
      )}

      <div>
        <h3 className="text-sm font-semibold text-slate-900">Usage</h3>
        <p className="text-xs text-slate-600">
          Messages count from the first day of each month (UTC). Documents and website pages are
          shown for your fullest chatbot.
        </p>
        <div className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2" data-testid="plan-usage">
          <UsageMeter
            label="Messages this month"
            used={usage.messages.used}
            limit={usage.messages.limit}
          />
          <UsageMeter label="Chatbots" used={usage.chatbots.used} limit={usage.chatbots.limit} />
          <UsageMeter
            label="Documents per chatbot"
            used={usage.documentsPerBot.used}
            limit={usage.documentsPerBot.limit}
          />
          <UsageMeter
            label="Website pages per chatbot"
            used={usage.websitePagesPerBot.used}
            limit={usage.websitePagesPerBot.limit}
          />
        </div>
        <ul className="mt-5 space-y-2 border-t border-slate-100 pt-4">
          <Included label="Public chat API and API keys" included={limits.apiAccess} />
          <Included label="Your own AI provider keys" included={limits.ownProviderKeys} />
          <Included label="Remove Askwell branding" included={limits.removeBranding} />
        </ul>
      </div>
    </div>
  );
}

// Settings → Plan & Billing: the plan the server enforces, how much of it is used, and below it
// the payment actions (the billing feature's, handed in by the page).
export function PlanBillingSection({ actions }: { actions: ReactNode }) {
  const plan = useAccountPlan();
  return (
    <section
      id="plan-billing"
      aria-labelledby="plan-billing-title"
      className="scroll-mt-24 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-5 sm:px-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="plan-billing-title" className="text-base font-semibold text-slate-900">
            Plan & Billing
          </h2>
          <p className="text-sm text-slate-600">Your plan, its limits and this month’s usage.</p>
        </div>
      </div>
      {plan.isPending ? (
        <div className="flex items-center gap-2 px-6 py-8 text-sm text-slate-600">
          <Spinner /> Loading your plan…
        </div>
      ) : plan.isError ? (
        <div
          className="flex flex-wrap items-center gap-3 px-6 py-8 text-sm text-red-700"
          role="alert"
        >
          Error: {plan.error.message}
          <Button variant="secondary" size="sm" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <PlanDetails plan={plan.data} />
      )}
      <div className="border-t border-slate-200 px-5 py-5 sm:px-6">{actions}</div>
    </section>
  );
}
