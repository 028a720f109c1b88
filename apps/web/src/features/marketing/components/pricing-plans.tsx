import clsx from 'clsx';
import { Check, Gift } from 'lucide-react';

import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

import { plans } from '../data/plans';

export function TrialNotice() {
  return (
    <p className="mx-auto mt-6 inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-900 ring-1 ring-brand-200">
      <Gift className="size-4 shrink-0" aria-hidden="true" />
      {site.trialTerms}
    </p>
  );
}

export function PricingPlans({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const PlanHeading = headingLevel;

  return (
    <ul className="mx-auto grid max-w-4xl gap-8 lg:grid-cols-2">
      {plans.map((plan) => (
        <li
          key={plan.id}
          className={clsx(
            'relative flex flex-col rounded-3xl bg-white p-8 sm:p-10',
            plan.highlighted
              ? 'shadow-2xl shadow-brand-900/15 ring-2 ring-brand-800'
              : 'shadow-sm ring-1 ring-slate-200',
          )}
        >
          {plan.highlighted && (
            <p className="absolute -top-3.5 left-8 rounded-full bg-brand-800 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
              Most popular
            </p>
          )}
          <PlanHeading className="text-xl font-bold text-slate-900">{plan.name}</PlanHeading>
          <p className="mt-2 text-base leading-7 text-slate-600">{plan.description}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-5xl font-bold tracking-tight text-slate-900">{plan.price}</span>
            <span className="text-sm font-medium text-slate-600">{plan.cadence}</span>
          </p>
          <ButtonLink
            to={paths.register}
            variant={plan.highlighted ? 'primary' : 'secondary'}
            size="lg"
            className="mt-8"
            aria-label={`${plan.cta} with the ${plan.name} plan`}
          >
            {plan.cta}
          </ButtonLink>
          <ul className="mt-8 space-y-3 border-t border-slate-100 pt-8">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-sm leading-6 text-slate-700">
                <Check className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
