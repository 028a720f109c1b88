import {
  sourceProgressEventName,
  type KnowledgeSource,
  type SourceProgressEvent,
} from '@askwell/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';

import { queryKeys } from './query-keys';

let socket: Socket | null = null;

// One connection for the whole tab, opened by the first screen that listens.
export function getSocket() {
  socket ??= io({ withCredentials: true });
  return socket;
}

export function useRealtimeEvent<T>(name: string, handler: (payload: T) => void) {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const connection = getSocket();
    const listener = (payload: T) => onEvent(payload);
    connection.on(name, listener);
    return () => {
      connection.off(name, listener);
    };
  }, [name]);
}

function applySourceProgress(queryClient: QueryClient, event: SourceProgressEvent) {
  let missing = false;
  let statusChanged = false;
  const lists = queryClient.getQueriesData<KnowledgeSource[]>({
    queryKey: [...queryKeys.sources, 'list'],
  });
  for (const [key, list] of lists) {
    if (!list) continue;
    const scope = key[2];
    const inScope = scope === 'all' || scope === event.botId;
    const index = list.findIndex((source) => source.id === event.sourceId);
    if (index === -1) {
      if (inScope) missing = true;
      continue;
    }
    const current = list[index]!;
    if (Date.parse(current.updatedAt) > Date.parse(event.updatedAt)) continue;
    if (current.status !== event.status) statusChanged = true;
    const next = [...list];
    next[index] = {
      ...current,
      status: event.status,
      stage: event.stage,
      progress: event.progress,
      error: event.error,
      chunkCount: event.chunkCount,
      updatedAt: event.updatedAt,
    };
    queryClient.setQueryData(key, next);
  }
  if (missing) void queryClient.invalidateQueries({ queryKey: [...queryKeys.sources, 'list'] });
  void queryClient.invalidateQueries({ queryKey: queryKeys.training(event.botId) });
  const finished = event.status === 'completed' || event.status === 'failed';
  if (finished || statusChanged) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
  }
  if (finished) {
    // A list fetched while the job ran may predate its last event; fetch the final state again.
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.sources, 'list'] });
    // Website sources gain pages as they finish.
    void queryClient.invalidateQueries({ queryKey: queryKeys.sourcePages(event.sourceId) });
  }
}

// Keeps the cached sources, training state and bot list in step with the ingestion pipeline.
export function useSourceProgressSync() {
  const queryClient = useQueryClient();
  useRealtimeEvent<SourceProgressEvent>(sourceProgressEventName, (event) =>
    applySourceProgress(queryClient, event),
  );
}
