import type { Bot, KnowledgeSource } from '@askwell/shared';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createBot } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let bot: Bot;

beforeAll(async () => {
  sink = await startSmtpSink();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-bulk-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'bulk-owner@shop.test', '10.8.0.1');
  bot = await createBot(owner, { name: 'Bulk shop' });
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

test('when 150 small files are uploaded four at a time (the old limit refused all after 60 a minute), as the Documents page does, then every one is accepted and processed', async () => {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < 150; index = next++) {
      const response = await owner.upload(
        `/api/bots/${bot.id}/documents`,
        `note-${index}.txt`,
        new TextEncoder().encode(
          `Note ${index}: the shop keeps item ${index} in aisle ${index % 7}.`,
        ),
        'text/plain',
      );
      statuses.push(response.statusCode);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  expect(statuses.filter((status) => status !== 201)).toEqual([]);

  const deadline = Date.now() + 120_000;
  for (;;) {
    const sources = (await owner.get(`/api/sources?botId=${bot.id}`)).json<KnowledgeSource[]>();
    const completed = sources.filter((source) => source.status === 'completed').length;
    if (completed === 150) break;
    expect(sources.filter((source) => source.status === 'failed')).toEqual([]);
    if (Date.now() > deadline) throw new Error(`only ${completed} of 150 documents were processed`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 180_000);
