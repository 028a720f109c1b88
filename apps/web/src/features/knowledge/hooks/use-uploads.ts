import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { storeSource } from '../api/cache';
import { uploadDocument } from '../api/upload-document';

export type Upload = {
  id: string;
  file: File;
  botId: string;
  progress: number;
  status: 'uploading' | 'failed' | 'uploaded';
  error: string | null;
  sourceId: string | null;
};

let nextId = 0;

// This page's uploads: their transfer progress, then the source each one became.
export function useUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<Upload>) => {
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const run = useCallback(
    async (upload: Upload) => {
      const controller = new AbortController();
      controllers.current.set(upload.id, controller);
      try {
        const source = await uploadDocument(upload.botId, upload.file, {
          signal: controller.signal,
          onProgress: (progress) => update(upload.id, { progress }),
        });
        storeSource(queryClient, source);
        update(upload.id, { status: 'uploaded', progress: 100, sourceId: source.id });
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

  const start = useCallback(
    (botId: string, files: File[]) => {
      const added = files.map((file): Upload => ({
        id: `upload-${++nextId}`,
        file,
        botId,
        progress: 0,
        status: 'uploading',
        error: null,
        sourceId: null,
      }));
      setUploads((list) => [...added, ...list]);
      // One request per file, so one bad file does not fail the others.
      for (const upload of added) void run(upload);
    },
    [run],
  );

  const retry = useCallback(
    (id: string) => {
      const upload = uploads.find((item) => item.id === id);
      if (!upload) return;
      const restarted = { ...upload, status: 'uploading' as const, progress: 0, error: null };
      update(id, restarted);
      void run(restarted);
    },
    [run, update, uploads],
  );

  const dismiss = useCallback((ids: string[]) => {
    for (const id of ids) controllers.current.get(id)?.abort();
    setUploads((list) => list.filter((item) => !ids.includes(item.id)));
  }, []);

  return { uploads, start, retry, dismiss };
}
