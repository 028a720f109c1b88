import {
  conversationUpdatedEventName,
  leadCreatedEventName,
  type AddAnswerInput,
  type AnalyticsRange,
  type AnalyticsReport,
} from '@askwell/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { browserTimeZone } from '@/hooks/use-dashboard-overview';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useRealtimeEvent } from '@/lib/realtime';

export type AnalyticsFilters = {
  range: AnalyticsRange;
  // Only read when range is 'custom'; '' until both days are chosen.
  from: string;
  to: string;
  // '' for all chatbots.
  botId: string;
};

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (filters: AnalyticsFilters, timeZone: string) =>
    ['analytics', 'report', { ...filters, timeZone }] as const,
};

// A custom range cannot be asked for until both of its days are known.
export function isCompleteRange(filters: AnalyticsFilters) {
  return filters.range !== 'custom' || (filters.from !== '' && filters.to !== '');
}

// The request's query string; the time zone decides where each of the owner's days begins.
export function analyticsApiQuery(filters: AnalyticsFilters, timeZone: string) {
  const params = new URLSearchParams({ range: filters.range });
  if (filters.range === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.botId) params.set('botId', filters.botId);
  params.set('timeZone', timeZone);
  return params;
}

export function useAnalytics(filters: AnalyticsFilters) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: analyticsKeys.report(filters, timeZone),
    queryFn: ({ signal }) =>
      api.get<AnalyticsReport>(
        `/api/analytics?${analyticsApiQuery(filters, timeZone).toString()}`,
        {
          signal,
        },
      ),
    enabled: isCompleteRange(filters),
    // Changing a filter keeps the last report on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

// A burst of chat messages would otherwise refetch the whole report once per message.
export const analyticsRefreshMs = 5000;

// Runs `run` at once, then at most once per `waitMs`: calls in between fold into one trailing
// run, so the last change is never missed.
export function createThrottle(run: () => void, waitMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const fire = () => {
    timer = undefined;
    last = Date.now();
    run();
  };

  return {
    call() {
      if (timer !== undefined) return;
      const wait = last + waitMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

// New conversations, messages and leads change the figures.
export function useAnalyticsSync() {
  const queryClient = useQueryClient();
  const [throttle] = useState(() =>
    createThrottle(
      () => void queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
      analyticsRefreshMs,
    ),
  );
  useEffect(() => () => throttle.cancel(), [throttle]);
  useRealtimeEvent(conversationUpdatedEventName, () => throttle.call());
  useRealtimeEvent(leadCreatedEventName, () => throttle.call());
}

// Saving an answer adds a Q&A source to the bot, so the knowledge lists change as well.
export function useAddAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddAnswerInput) =>
      api.post<{ sourceId: string }>('/api/analytics/answers', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sources });
      void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
    },
  });
}
