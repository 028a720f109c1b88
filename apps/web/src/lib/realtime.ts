import {
  realtimeReconnectDelaysMs,
  realtimeTimeoutMs,
  sourceProgressEventName,
  type KnowledgeSource,
  type SourceProgressEvent,
} from '@askwell/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';

import { queryKeys } from './query-keys';

let socket: Socket | null = null;
let reconnecting = false;
let attempts = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
const statusListeners = new Set<() => void>();
const reconnectedListeners = new Set<() => void>();

function setReconnecting(value: boolean) {
  if (reconnecting === value) return;
  reconnecting = value;
  for (const listener of statusListeners) listener();
}

// socket.io's own back-off doubles with jitter; the spec's is 1, 2, 5, then every 10 s.
function scheduleReconnect(connection: Socket) {
  clearTimeout(retry);
  const delay =
    realtimeReconnectDelaysMs[Math.min(attempts, realtimeReconnectDelaysMs.length - 1)]!;
  attempts += 1;
  retry = setTimeout(() => connection.connect(), delay);
}

// One connection for the whole tab, opened by the first screen that listens.
export function getSocket() {
  if (socket) return socket;
  const connection = io({
    withCredentials: true,
    timeout: realtimeTimeoutMs,
    reconnection: false,
  });
  connection.on('connect', () => {
    const wasReconnecting = reconnecting;
    attempts = 0;
    setReconnecting(false);
    if (wasReconnecting) for (const listener of reconnectedListeners) listener();
  });
  connection.on('disconnect', (reason) => {
    // Signing out closes the connection on purpose; anything else is a drop.
    if (reason === 'io client disconnect') return;
    setReconnecting(true);
    scheduleReconnect(connection);
  });
  connection.on('connect_error', (error) => {
    // Signed out, on a foreign origin, or a staff session that must first set up two-factor:
    // trying again cannot help.
    if (['unauthorized', 'forbidden', 'two_factor_setup_required'].includes(error.message)) {
      setReconnecting(false);
      return;
    }
    setReconnecting(true);
    scheduleReconnect(connection);
  });
  socket = connection;
  return connection;
}

// True while a dropped connection is being re-established (the header says 'Reconnecting…').
// Events sent while it was down are lost, so once it is back every screen fetches its data again.
export function useRealtimeReconnecting() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const catchUp = () => void queryClient.invalidateQueries();
    reconnectedListeners.add(catchUp);
    return () => {
      reconnectedListeners.delete(catchUp);
    };
  }, [queryClient]);
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => reconnecting,
    () => false,
  );
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
