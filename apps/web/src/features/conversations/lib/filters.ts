import { conversationAnsweredFilters, conversationFeedbackFilters } from '@askwell/shared';

export type AnsweredFilter = (typeof conversationAnsweredFilters)[number];
export type FeedbackFilter = (typeof conversationFeedbackFilters)[number];

export type ConversationFilters = {
  q: string;
  botId: string;
  from: string;
  to: string;
  answered: AnsweredFilter | '';
  feedback: FeedbackFilter | '';
  hasLead: 'yes' | 'no' | '';
  page: number;
};

export const emptyConversationFilters: ConversationFilters = {
  q: '',
  botId: '',
  from: '',
  to: '',
  answered: '',
  feedback: '',
  hasLead: '',
  page: 1,
};

const day = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

// The filters live in the address, so the inbox can be bookmarked and the export matches it.
export function readConversationFilters(params: URLSearchParams): ConversationFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    botId: params.get('botId') ?? '',
    from: day.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: day.test(params.get('to') ?? '') ? params.get('to')! : '',
    answered: oneOf(params.get('answered'), conversationAnsweredFilters),
    feedback: oneOf(params.get('feedback'), conversationFeedbackFilters),
    hasLead: oneOf(params.get('hasLead'), ['yes', 'no'] as const),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function conversationQuery(filters: ConversationFilters, { withPage = true } = {}) {
  const query = new URLSearchParams();
  const { page, ...rest } = filters;
  for (const [key, value] of Object.entries(rest)) {
    const text = String(value).trim();
    if (text) query.set(key, text);
  }
  if (withPage && page > 1) query.set('page', String(page));
  return query;
}

export function hasActiveFilters(filters: ConversationFilters) {
  return conversationQuery(filters, { withPage: false }).size > 0;
}
