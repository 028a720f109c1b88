import { DollarSign } from 'lucide-react';

import { Panel } from '@/components/ui/panel';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { formatOneDecimal, formatUsd } from '@/lib/format';

import { useRevenue } from '../api/billing';

// MRR, ARR and growth from the subscriptions that pay for Premium now (and 30 days ago).
export function RevenuePanel() {
  const revenue = useRevenue();
  return (
    <Panel
      title="Revenue"
      description="From paying subscriptions that give Premium now; staff grants are not revenue."
      icon={<DollarSign className="size-5" aria-hidden="true" />}
    >
      <div className="px-5 py-4 sm:px-6">
        {revenue.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading revenue…
          </p>
        ) : revenue.isError ? (
          <div className="space-y-2">
            <p role="alert" className="text-sm text-red-700">
              Revenue could not be loaded. {revenue.error.message}
            </p>
            <RetryButton query={revenue} />
          </div>
        ) : (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ['MRR', formatUsd(revenue.data.mrr_minor / 100)],
              ['ARR', formatUsd(revenue.data.arr_minor / 100)],
              [
                'Growth (30 days)',
                revenue.data.growth_percent === null
                  ? 'Unknown'
                  : `${revenue.data.growth_percent > 0 ? '+' : ''}${formatOneDecimal(revenue.data.growth_percent)} %`,
              ],
              [
                'Paying subscriptions',
                `${revenue.data.paying_subscriptions}${revenue.data.staff_grants ? ` (+${revenue.data.staff_grants} granted)` : ''}`,
              ],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Panel>
  );
}
