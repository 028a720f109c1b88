import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parallelUploads } from '@askwell/shared';
import toast from 'react-hot-toast';

import { storeSource } from '../api/cache';
import { isArchiveUpload, uploadDocument, UploadBusyError } from '../api/upload-document';

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

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<Upload>) => {
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const send = useCallback(
    async (upload: Upload) => {
      const controller = new AbortController();
      controllers.current.set(upload.id, controller);
      update(upload.id, { status: 'uploading', progress: 0 });
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const result = await uploadDocument(upload.botId, upload.file, {
              signal: controller.signal,
              onProgress: (progress) => update(upload.id, { progress }),
            });
            const sources = isArchiveUpload(result) ? result.sources : [result];
            for (const source of sources) storeSource(queryClient, source);
            update(upload.id, {
              status: 'uploaded',
              progress: 100,
              sourceIds: sources.map((source) => source.id),
            });
            if (isArchiveUpload(result) && result.skipped.length > 0) {
              toast(skippedMessage(result.archive, result.skipped), { duration: 10_000 });
            }
            return;
          } catch (error) {
            const wait = retryAfterMs(error);
            if (wait === null || attempt >= busyRetries || controller.signal.aborted) throw error;
            update(upload.id, { progress: 0 });
            await new Promise((resolve) => setTimeout(resolve, wait));
            if (controller.signal.aborted) throw error;
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        update(upload.id, {
          status: 'failed',
          error: error instanceof Error ? error.message : 'The upload failed.',
        });
      } finally {
        controllers.current.delete(upload.id);
      }
    },
    [queryClient, update],
  );

  const run = useCallback(
    (upload: Upload) => {
      waiting.current.push(upload);
      const pump = () => {
        while (active.current < parallelUploads && waiting.current.length > 0) {
          const next = waiting.current.shift()!;
          active.current++;
          void send(next).finally(() => {
            active.current--;
            pump();
          });
        }
      };
      pump();
    },
    [send],
  );

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
      // One request per file, so one bad file does not fail the others.
      for (const upload of added) run(upload);
    },
    [run],
  );

  const retry = useCallback(
    (id: string) => {
      const upload = uploads.find((item) => item.id === id);
      if (!upload) return;
      const restarted = { ...upload, status: 'queued' as const, progress: 0, error: null };
      update(id, restarted);
      run(restarted);
    },
    [run, update, uploads],
  );

  const dismiss = useCallback((ids: string[]) => {
    waiting.current = waiting.current.filter((upload) => !ids.includes(upload.id));
    for (const id of ids) controllers.current.get(id)?.abort();
    setUploads((list) => list.filter((item) => !ids.includes(item.id)));
  }, []);

  return { uploads, start, retry, dismiss };
}
