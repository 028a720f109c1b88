import { leadStatuses, type LeadListQuery, type LeadStatus } from '@askwell/shared';

export type LeadFilters = {
  q: string;
  botId: string;
  status: LeadStatus | '';
  from: string;
  to: string;
  page: number;
};

const day = /^\d{4}-\d{2}-\d{2}$/;

// The filters live in the address, so a filtered list can be bookmarked, shared and exported.
export function readLeadFilters(params: URLSearchParams): LeadFilters {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    botId: params.get('botId') ?? '',
    status: (leadStatuses as readonly string[]).includes(status) ? (status as LeadStatus) : '',
    from: day.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: day.test(params.get('to') ?? '') ? params.get('to')! : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function leadQuery(filters: LeadFilters, { withPage = true } = {}) {
  const query: Record<string, string> = {};
  const entries: Array<[keyof LeadListQuery, string]> = [
    ['q', filters.q.trim()],
    ['botId', filters.botId],
    ['status', filters.status],
    ['from', filters.from],
    ['to', filters.to],
  ];
  for (const [key, value] of entries) if (value) query[key] = value;
  if (withPage && filters.page > 1) query.page = String(filters.page);
  return new URLSearchParams(query);
}

export function hasActiveFilters(filters: LeadFilters) {
  return Boolean(filters.q || filters.botId || filters.status || filters.from || filters.to);
}
