import type { Bot, KnowledgeSource } from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, INGEST_CONCURRENCY: '1' } });
  owner = await signUpCustomer(context, sink, 'retry-owner@shop.test', '10.6.0.1');
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

// Enough text to keep the pipeline busy for a moment.
function longText() {
  const lines: string[] = [];
  for (let line = 0; line < 60_000; line += 1) {
    lines.push(`Line ${line} of the handbook mentions item ${(line * 7919) % 10_007} once.`);
  }
  lines.push('The closing line names the word quokka.');
  return lines.join('\n');
}

test('when the database drops every connection mid-processing, then the server keeps running and the document still completes', async () => {
  const bot = (await owner.post('/api/bots', { ...botDefaults, name: 'Retry bot' })).json<Bot>();
  const upload = await owner.upload(
    `/api/bots/${bot.id}/documents`,
    'handbook.txt',
    new TextEncoder().encode(longText()),
    'text/plain',
  );
  expect(upload.statusCode).toBe(201);
  const sourceId = upload.json<KnowledgeSource>().id;

  const admin = new pg.Client({ connectionString: context.databaseUrl });
  await admin.connect();
  try {
    const waitFor = async (predicate: (source: KnowledgeSource) => boolean, what: string) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const response = await owner.get('/api/sources');
        // Right after the outage a request can meet a pooled connection that just died: it is
        // answered 503 "try again" (db/unavailable.ts), never with a crash or a wrong answer.
        if (response.statusCode === 503) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        expect(response.statusCode, response.body).toBe(200);
        const source = response.json<KnowledgeSource[]>()[0]!;
        if (predicate(source)) return source;
        if (Date.now() > deadline) throw new Error(`${what}: still ${source.status}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await waitFor((source) => source.status === 'processing', 'never started');
    // A failover or restart of PostgreSQL, as the application sees it.
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const done = await waitFor(
      (source) => source.status === 'completed' || source.status === 'failed',
      'never finished',
    );
    expect(done.status).toBe('completed');
    expect(done.id).toBe(sourceId);
  } finally {
    await admin.end();
  }
  const hits = (await owner.get(`/api/bots/${bot.id}/search?q=quokka`)).json<
    Array<{ text: string }>
  >();
  expect(hits[0]?.text).toContain('quokka');
}, 120_000);
