import type { ArchiveUpload, FilesUpload, KnowledgeSource } from '@askwell/shared';

import { ApiError, apiErrorFrom, parseJson } from '@/lib/api-client';
import { viewAsHeaders } from '@/lib/view-as';

// A 429: the account has several uploads running or has sent many bytes lately; the server says
// when to try again.
export class UploadBusyError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

type UploadOptions = {
  onProgress: (percent: number) => void;
  signal: AbortSignal;
};

// A document sent on its own becomes one source; a .zip, one source per document inside it;
// several files sent together, an outcome for each of them.
export type UploadResult = KnowledgeSource | ArchiveUpload | FilesUpload;

export function isArchiveUpload(result: UploadResult): result is ArchiveUpload {
  return 'archive' in result;
}

export function isFilesUpload(result: UploadResult): result is FilesUpload {
  return 'files' in result;
}

// One request for the files given (see maxFilesPerUpload). XMLHttpRequest rather than fetch:
// fetch cannot report upload progress.
export function uploadFiles(botId: string, files: File[], { onProgress, signal }: UploadOptions) {
  return new Promise<UploadResult>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/bots/${encodeURIComponent(botId)}/documents`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(viewAsHeaders())) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const payload = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as UploadResult);
        return;
      }
      if (request.status === 429) {
        const seconds = Number(request.getResponseHeader('Retry-After'));
        const { message } = apiErrorFrom(
          429,
          payload,
          'Too many uploads at once. Please try again in a moment.',
        );
        reject(new UploadBusyError(message, Number.isFinite(seconds) && seconds > 0 ? seconds : 2));
        return;
      }
      reject(
        apiErrorFrom(
          request.status,
          payload,
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
    for (const file of files) body.append('file', file, file.name);
    request.send(body);
  });
}
