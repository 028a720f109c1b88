// The back office's live figures (dashboard System Analytics and API Usage), its Training Jobs and
// the Analytics page's growth.

// --- System Analytics ---------------------------------------------------------------------------

export type AdminSystemFigures = {
  // Customer accounts with the app open now (a live realtime connection); `scope` says whether
  // every instance was asked (Redis adapter) or only the one that answered.
  active_users: { count: number; scope: 'all_instances' | 'this_instance' };
  // 1-minute load average per core, in percent of the host's cores.
  system_load_percent: number;
  load_average: [number, number, number];
  cpu_count: number;
  // Counted by the instance that answered, since it started or over the window, whichever is shorter.
  api_requests_24h: number;
  // Null when no request finished in the last hour.
  average_response_ms_1h: number | null;
  measured_since: string;
  cpu_percent: number;
  memory: { used_bytes: number; total_bytes: number };
  // The volume holding the data directory; null where the platform cannot tell.
  storage: { used_bytes: number; total_bytes: number } | null;
  // The bots' search indexes this instance keeps warm (estimated) and the budget it holds them to;
  // beside them, the word tables all bots share and the most those can hold.
  search_indexes: {
    bots: number;
    used_bytes: number;
    budget_bytes: number;
    shared_bytes: number;
    shared_limit_bytes: number;
  };
  sampled_at: string;
};

// --- API Usage ----------------------------------------------------------------------------------

// List prices in US dollars per million tokens (input, output) as the providers publish them. An
// estimate only: a model missing here (a custom endpoint's, a newer one) has no known price.
export const modelPricesPerMillion: Record<string, readonly [number, number]> = {
  'openai:gpt-4-turbo': [10, 30],
  'openai:gpt-4o': [2.5, 10],
  'openai:gpt-4o-mini': [0.15, 0.6],
  'openai:gpt-3.5-turbo': [0.5, 1.5],
  'anthropic:claude-3-opus-20240229': [15, 75],
  'anthropic:claude-3-sonnet-20240229': [3, 15],
  'anthropic:claude-3-5-sonnet-20241022': [3, 15],
  'anthropic:claude-3-haiku-20240307': [0.25, 1.25],
  'google:gemini-1.5-pro': [1.25, 5],
  'google:gemini-1.5-flash': [0.075, 0.3],
};

// Null when the model's price is not known: never a cost of zero that was not measured.
export function estimateCostUsd(answerer: string, promptTokens: number, completionTokens: number) {
  const price = modelPricesPerMillion[answerer];
  if (!price) return null;
  return Math.round(((promptTokens * price[0] + completionTokens * price[1]) / 1e6) * 1e4) / 1e4;
}

export type ApiUsageModel = {
  model: string;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  estimated_cost_usd: number | null;
};

export type ApiUsageProvider = {
  provider: string;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  // The sum over the provider's priced models; `unpriced_calls` were answered by models without a
  // known price and are not in it.
  estimated_cost_usd: number | null;
  unpriced_calls: number;
  models: ApiUsageModel[];
};

export type AdminApiUsage = {
  days: number;
  providers: ApiUsageProvider[];
};

export const apiUsageDays = 30;

// --- Training Jobs ------------------------------------------------------------------------------

export const trainingJobStatuses = ['processing', 'completed', 'failed'] as const;
export type TrainingJobStatus = (typeof trainingJobStatuses)[number] | 'unknown';
export const trainingJobsPageSize = 50;

export type TrainingJob = {
  id: string;
  name: string;
  kind: string;
  bot: { id: string; name: string };
  owner: { id: string; email: string };
  status: TrainingJobStatus;
  // Waiting for a worker, or being read: both are 'processing' to staff.
  queued: boolean;
  stage: string;
  progress: number;
  attempts: number;
  error: string | null;
  started_at: string | null;
  created_at: string;
  updated_at: string;
};

export type TrainingJobPage = {
  jobs: TrainingJob[];
  next_cursor: string | null;
  counts: { processing: number; completed: number; failed: number };
};

export const cancelledByStaffReason = 'Cancelled by staff';

// --- Analytics (growth) -------------------------------------------------------------------------

export type GrowthMonth = { month: string; users: number; bots: number; conversations: number };

export type AdminGrowth = {
  totals: { users: number; bots: number; conversations: number };
  this_month: { users: number; bots: number; conversations: number };
  months: GrowthMonth[];
};
