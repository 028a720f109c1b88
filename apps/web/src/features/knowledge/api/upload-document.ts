import type { ApiErrorBody, KnowledgeSource } from '@askwell/shared';

import { ApiError } from '@/lib/api-client';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ApiErrorBody).error?.message === 'string'
  );
}

type UploadOptions = {
  onProgress: (percent: number) => void;
  signal: AbortSignal;
};

// XMLHttpRequest rather than fetch: fetch cannot report upload progress.
export function uploadDocument(botId: string, file: File, { onProgress, signal }: UploadOptions) {
  return new Promise<KnowledgeSource>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/bots/${encodeURIComponent(botId)}/documents`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const payload = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as KnowledgeSource);
        return;
      }
      if (isErrorBody(payload)) {
        const { code, message, fields } = payload.error;
        reject(new ApiError(request.status, code, message, fields));
        return;
      }
      reject(
        new ApiError(
          request.status,
          'UNEXPECTED_RESPONSE',
          request.status === 413
            ? 'The file is larger than 10 MB.'
            : 'The upload failed. Please try again.',
        ),
      );
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', "We couldn't reach Askwell. Check your connection."));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}
