import {
  conversationUpdatedEventName,
  leadCreatedEventName,
  presenceChangedEventName,
  presenceHeartbeatSeconds,
  sourceProgressEventName,
  systemAlertEventName,
  type DashboardOverview,
  type SourceProgressEvent,
} from '@askwell/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { useRealtimeEvent } from '@/lib/realtime';

export const overviewKeys = {
  all: ['dashboard', 'overview'] as const,
  detail: (timeZone: string) => ['dashboard', 'overview', timeZone] as const,
};

// "Today" for the response time is the owner's day, so the browser's time zone goes along.
export function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// The dashboard home polls (visitors expire without an event); the header's notifications follow
// the realtime events only.
export function useOverview({ poll = true }: { poll?: boolean } = {}) {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: overviewKeys.detail(timeZone),
    queryFn: ({ signal }) =>
      api.get<DashboardOverview>(
        `/api/dashboard/overview?${new URLSearchParams({ timeZone }).toString()}`,
        { signal },
      ),
    // Visitors expire without an event, so the counts are fetched again once per heartbeat.
    refetchInterval: poll ? presenceHeartbeatSeconds * 1000 : false,
  });
}

// Every event that changes a figure on the page simply fetches the overview again.
export function useOverviewSync() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
  useRealtimeEvent(conversationUpdatedEventName, refresh);
  useRealtimeEvent(leadCreatedEventName, refresh);
  // Progress ticks change no figure; a source that finished adds to the activity or the alerts.
  useRealtimeEvent<SourceProgressEvent>(sourceProgressEventName, (event) => {
    if (event.status === 'completed' || event.status === 'failed') refresh();
  });
  useRealtimeEvent(presenceChangedEventName, refresh);
  useRealtimeEvent(systemAlertEventName, refresh);
}
