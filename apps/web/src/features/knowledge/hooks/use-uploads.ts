import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parallelUploads, takeUploadGroup } from '@askwell/shared';
import toast from 'react-hot-toast';

import { storeSource } from '../api/cache';
import {
  isArchiveUpload,
  isFilesUpload,
  uploadFiles,
  UploadBusyError,
  type UploadResult,
} from '../api/upload-document';

export type Upload = {
  id: string;
  file: File;
  botId: string;
  progress: number;
  // 'queued': waiting for a free upload slot.
  status: 'queued' | 'uploading' | 'failed' | 'uploaded';
  error: string | null;
  // The sources it became: one for a document, one per document inside a .zip.
  sourceIds: string[];
};

let nextId = 0;

// A refused upload (429: the account's parallel or byte allowance) waits for the time the server
// names, then tries again, a few times before it is reported.
const busyRetries = 5;

function retryAfterMs(error: unknown) {
  if (!(error instanceof UploadBusyError)) return null;
  return Math.min(error.retryAfterSeconds, 60) * 1000;
}

function skippedMessage(archive: string, skipped: Array<{ name: string; reason: string }>) {
  const [first] = skipped;
  if (skipped.length === 1) return `${first!.name} in ${archive} was not added: ${first!.reason}`;
  const listed = skipped.slice(0, 3).map((item) => `${item.name} (${item.reason})`);
  const more = skipped.length > 3 ? ` and ${skipped.length - 3} more` : '';
  return `${skipped.length} files in ${archive} were not added: ${listed.join(', ')}${more}.`;
}

// This page's uploads: their transfer progress, then the source each one became.
export function useUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const waiting = useRef<Upload[]>([]);
  const active = useRef(0);

  // Uploads removed from the page while their request was in flight; the others of that request
  // are sent again.
  const removed = useRef(new Set<string>());
  const unmounted = useRef(false);

  useEffect(() => {
    const active = controllers.current;
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      for (const controller of active.values()) controller.abort();
    };
  }, []);

  const update = useCallback((ids: ReadonlySet<string>, patch: Partial<Upload>) => {
    setUploads((list) => list.map((item) => (ids.has(item.id) ? { ...item, ...patch } : item)));
  }, []);

  const settle = useCallback(
    (group: Upload[], result: UploadResult) => {
      if (isFilesUpload(result)) {
        group.forEach((upload, index) => {
          const { source = null, error = null } = result.files[index] ?? {};
          if (source) storeSource(queryClient, source);
          update(
            new Set([upload.id]),
            source
              ? { status: 'uploaded', progress: 100, sourceIds: [source.id] }
              : { status: 'failed', error: error ?? 'The upload failed.' },
          );
        });
        return;
      }
      const sources = isArchiveUpload(result) ? result.sources : [result];
      for (const source of sources) storeSource(queryClient, source);
      update(new Set([group[0]!.id]), {
        status: 'uploaded',
        progress: 100,
        sourceIds: sources.map((source) => source.id),
      });
      if (isArchiveUpload(result) && result.skipped.length > 0) {
        toast(skippedMessage(result.archive, result.skipped), { duration: 10_000 });
      }
    },
    [queryClient, update],
  );

  const send = useCallback(
    async (group: Upload[]) => {
      const controller = new AbortController();
      const ids = new Set(group.map((upload) => upload.id));
      for (const id of ids) controllers.current.set(id, controller);
      update(ids, { status: 'uploading', progress: 0 });
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const result = await uploadFiles(
              group[0]!.botId,
              group.map((upload) => upload.file),
              { signal: controller.signal, onProgress: (progress) => update(ids, { progress }) },
            );
            settle(group, result);
            return;
          } catch (error) {
            const wait = retryAfterMs(error);
            if (wait === null || attempt >= busyRetries || controller.signal.aborted) throw error;
            update(ids, { progress: 0 });
            await new Promise((resolve) => setTimeout(resolve, wait));
            if (controller.signal.aborted) throw error;
          }
        }
      } catch (error) {
        if (controller.signal.aborted) {
          const kept = group.filter((upload) => !removed.current.has(upload.id));
          if (kept.length > 0 && !unmounted.current) {
            update(new Set(kept.map((upload) => upload.id)), { status: 'queued', progress: 0 });
            waiting.current.unshift(...kept);
          }
          return;
        }
        update(ids, {
          status: 'failed',
          error: error instanceof Error ? error.message : 'The upload failed.',
        });
      } finally {
        for (const id of ids) {
          controllers.current.delete(id);
          removed.current.delete(id);
        }
      }
    },
    [settle, update],
  );

  const pump = useCallback(() => {
    const fill = () => {
      while (active.current < parallelUploads && waiting.current.length > 0) {
        // Small files travel together (see takeUploadGroup), one chatbot's to a request.
        const group = takeUploadGroup(
          waiting.current,
          parallelUploads - active.current,
          (upload) => upload.file,
          (first, other) => first.botId === other.botId,
        );
        active.current++;
        void send(group).finally(() => {
          active.current--;
          fill();
        });
      }
    };
    fill();
  }, [send]);

  const start = useCallback(
    (botId: string, files: File[]) => {
      const added = files.map((file): Upload => ({
        id: `upload-${++nextId}`,
        file,
        botId,
        progress: 0,
        status: 'queued',
        error: null,
        sourceIds: [],
      }));
      setUploads((list) => [...added, ...list]);
      for (const upload of added) waiting.current.push(upload);
      pump();
    },
    [pump],
  );

  const retry = useCallback(
    (id: string) => {
      const upload = uploads.find((item) => item.id === id);
      if (!upload) return;
      const restarted = { ...upload, status: 'queued' as const, progress: 0, error: null };
      update(new Set([id]), restarted);
      waiting.current.push(restarted);
      pump();
    },
    [pump, update, uploads],
  );

  const dismiss = useCallback((ids: string[]) => {
    waiting.current = waiting.current.filter((upload) => !ids.includes(upload.id));
    for (const id of ids) {
      const controller = controllers.current.get(id);
      if (!controller) continue;
      removed.current.add(id);
      controller.abort();
    }
    setUploads((list) => list.filter((item) => !ids.includes(item.id)));
  }, []);

  return { uploads, start, retry, dismiss };
}
