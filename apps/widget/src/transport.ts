import type { WidgetSession, WidgetStreamEvent } from '@askwell/shared';
import { storage } from './storage';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type TransportOptions = {
  origin: string;
  botId: string;
  // The visitor's words for "something went wrong", once the bot's texts are loaded.
  fallbackMessage: () => string;
};

export type StreamedAnswer = Extract<WidgetStreamEvent, { type: 'done' }>;

export type Transport = ReturnType<typeof createTransport>;

// The widget's calls to /v1/widget: one visitor session per browser (its id kept in storage), a
// fresh session when the server no longer knows the token, and answers streamed as SSE.
export function createTransport({ origin, botId, fallbackMessage }: TransportOptions) {
  const base = `${origin}/v1/widget/bots/${encodeURIComponent(botId)}`;
  const visitorKey = `askwell:${botId}:visitor`;
  let session: Promise<WidgetSession> | null = null;

  async function failure(response: Response) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    } | null;
    return new ApiFailure(
      response.status,
      body?.error?.code ?? 'error',
      body?.error?.message ?? fallbackMessage(),
      body?.error?.fields,
    );
  }

  function getSession() {
    session ??= fetch(`${base}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(storage.get(visitorKey) ? { visitorId: storage.get(visitorKey) } : {}),
    }).then(async (response) => {
      if (!response.ok) throw await failure(response);
      const created = (await response.json()) as WidgetSession;
      storage.set(visitorKey, created.visitorId);
      return created;
    });
    session.catch(() => {
      session = null;
    });
    return session;
  }

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    retried = false,
  ): Promise<T> {
    const { token } = await getSession();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 401 && !retried) {
      session = null;
      return request(method, path, body, true);
    }
    if (!response.ok) throw await failure(response);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  async function stream(
    message: string,
    onToken: (text: string) => void,
    retried = false,
  ): Promise<StreamedAnswer> {
    const { token } = await getSession();
    const response = await fetch(`${base}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        message,
        pageUrl: location.href.slice(0, 2000),
        language: navigator.language,
      }),
    });
    if (response.status === 401 && !retried) {
      session = null;
      return stream(message, onToken, true);
    }
    if (!response.ok || !response.body) throw await failure(response);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = chunk
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        const event = JSON.parse(data) as WidgetStreamEvent;
        if (event.type === 'token') onToken(event.text);
        else if (event.type === 'error') throw new ApiFailure(500, event.code, event.message);
        else if (event.type === 'done') return event;
      }
    }
    throw new ApiFailure(0, 'network', fallbackMessage());
  }

  return { request, stream };
}
