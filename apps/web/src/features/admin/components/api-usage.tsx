import type { ApiUsageProvider } from '@askwell/shared';

import { formatNumber, formatUsd } from '@/lib/format';

import { useApiUsage } from '../api/system';
import { AdminPanel } from './admin-panel';

const providerNames: Record<string, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  custom: 'Custom endpoint',
};

function costText(cost: number | null, unpricedCalls: number) {
  if (cost === null) return 'Unknown cost';
  const estimate = `≈ ${formatUsd(cost)}`;
  return unpricedCalls > 0 ? `${estimate} + unknown` : estimate;
}

function ProviderRow({ provider, maxTokens }: { provider: ApiUsageProvider; maxTokens: number }) {
  const tokens = provider.prompt_tokens + provider.completion_tokens;
  return (
    <li className="px-5 py-4 sm:px-6" data-testid="api-usage-provider">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">
          {providerNames[provider.provider] ?? provider.provider}
        </p>
        <p className="text-sm font-medium text-slate-900 tabular-nums">
          {costText(provider.estimated_cost_usd, provider.unpriced_calls)}
        </p>
      </div>
      <p className="mt-0.5 text-sm text-slate-600 tabular-nums">
        {formatNumber(provider.calls)} calls · {formatNumber(tokens)} tokens (
        {formatNumber(provider.prompt_tokens)} in, {formatNumber(provider.completion_tokens)} out)
      </p>
      <div className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-700"
          style={{ width: `${maxTokens > 0 ? Math.max(2, (tokens / maxTokens) * 100) : 0}%` }}
        />
      </div>
      <ul className="mt-2 space-y-0.5 text-xs text-slate-500">
        {provider.models.map((model) => (
          <li key={model.model} className="break-words">
            {model.model}: {formatNumber(model.calls)} calls,{' '}
            {formatNumber(model.prompt_tokens + model.completion_tokens)} tokens,{' '}
            {model.estimated_cost_usd === null
              ? 'price unknown'
              : `≈ ${formatUsd(model.estimated_cost_usd)}`}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function ApiUsage() {
  const usage = useApiUsage();

  return (
    <AdminPanel
      title="API Usage"
      description={
        usage.data
          ? `Model calls answering visitors in the last ${usage.data.days} days (owners' previews not counted). Costs are estimates from list prices.`
          : 'Model calls answering visitors, with estimated cost.'
      }
    >
      {usage.isPending ? (
        <p role="status" className="px-6 py-10 text-center text-sm text-slate-600">
          Loading...
        </p>
      ) : usage.isError ? (
        <p role="alert" className="m-5 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          Error: {usage.error.message}
        </p>
      ) : usage.data.providers.length === 0 ? (
        <p className="px-6 py-8 text-center text-sm text-slate-600">
          No model provider answered a visitor in this period, so there are no calls, tokens or
          costs to show.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {usage.data.providers.map((provider) => (
            <ProviderRow
              key={provider.provider}
              provider={provider}
              maxTokens={Math.max(
                ...usage.data.providers.map(
                  (entry) => entry.prompt_tokens + entry.completion_tokens,
                ),
              )}
            />
          ))}
        </ul>
      )}
    </AdminPanel>
  );
}
