import { viewAsMessages, type ApiErrorBody } from '@askwell/shared';

import { leaveEndedView, viewAsHeaders } from './view-as';

export type ApiErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE' | (string & {});

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

const fallbackMessage = 'Something went wrong. Please try again.';

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

// A response body as JSON, or undefined when it is empty or not JSON (a proxy's HTML error page).
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// The one reading of a failed call: the server's `{ error: { code, message, fields } }` when the
// body has that shape, else `fallback` under UNEXPECTED_RESPONSE.
export function apiErrorFrom(status: number, payload: unknown, fallback = fallbackMessage) {
  if (isApiErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    return new ApiError(status, code, message, fields);
  }
  return new ApiError(status, 'UNEXPECTED_RESPONSE', fallback);
}

async function request<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  const viewHeaders = viewAsHeaders();
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...viewHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      "We couldn't reach Askwell. Check your connection and try again.",
    );
  }

  const payload = parseJson(await response.text());
  if (!response.ok) {
    const error = apiErrorFrom(response.status, payload);
    if (Object.keys(viewHeaders).length > 0 && error.message === viewAsMessages.ended) {
      leaveEndedView();
    }
    throw error;
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  // A body only where the server asks for one (a typed confirmation).
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
