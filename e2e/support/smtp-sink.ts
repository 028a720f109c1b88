import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink as startInProcessSink } from '../../apps/api/test/support/smtp-sink';

// The API tests' SMTP sink, plus a small HTTP endpoint so that Playwright workers (other
// processes) can read what the server mailed.
export async function startSmtpSink() {
  const sink = await startInProcessSink();
  const api = http.createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '';
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(to ? sink.mailsTo(to) : sink.received));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as AddressInfo;
  return {
    url: sink.url,
    apiUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await sink.close();
    },
  };
}
