import type { FastifyReply } from 'fastify';

export type SseStream = {
  send: (event: string, data: unknown) => void;
  // Raw `data:` line, for formats (OpenAI's) that use no event names.
  sendData: (data: string) => void;
  end: () => void;
  // Aborted when the client goes away before the stream ended.
  signal: AbortSignal;
};

// The one way both chat edges (the public API and the widget) stream: takes the response over
// from Fastify and keeps the headers already set on the reply (security headers, CORS), so the
// stream carries the same ones as a JSON answer would.
export function openSse(reply: FastifyReply): SseStream {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  reply.hijack();
  const raw = reply.raw;
  const closed = new AbortController();
  raw.on('close', () => {
    if (!raw.writableFinished) closed.abort();
  });
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    // An answer belongs to one visitor or caller: nothing on the way may keep a copy.
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold tokens back until their buffer fills.
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const write = (chunk: string) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
  };
  return {
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    sendData: (data) => write(`data: ${data}\n\n`),
    end: () => {
      if (!raw.writableEnded) raw.end();
    },
    signal: closed.signal,
  };
}

export function wantsEventStream(accept: string | undefined, stream: boolean | undefined) {
  return stream === true || Boolean(accept && /\btext\/event-stream\b/i.test(accept));
}
