import {
  maxFilesPerUpload,
  maxUploadBytes,
  type Bot,
  type FilesUpload,
  type KnowledgeHit,
  type KnowledgeSource,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createBot } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { buildZip } from './support/hostile-files';
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

test('when several files arrive in one request, then each is added or refused on its own with its reason, and the ones added are processed', async () => {
  const multiBot = await createBot(owner, { name: 'Many files shop' });
  const text = (words: string) => new TextEncoder().encode(words);
  const response = await owner.uploadFiles(`/api/bots/${multiBot.id}/documents`, [
    {
      name: 'returns.txt',
      data: text('Returns are free within 30 days.'),
      contentType: 'text/plain',
    },
    { name: 'empty.txt', data: new Uint8Array(), contentType: 'text/plain' },
    { name: 'logo.png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
    {
      name: 'more.zip',
      data: buildZip([{ name: 'terms.txt', data: Buffer.from('Terms apply.') }]),
      contentType: 'application/zip',
    },
    { name: 'shipping.md', data: text('# Shipping\n\nParcels leave within two days.') },
  ]);
  expect(response.statusCode, response.body).toBe(200);
  const { files } = response.json<FilesUpload>();
  expect(files.map(({ name, error }) => [name, error])).toEqual([
    ['returns.txt', null],
    ['empty.txt', 'This file is empty.'],
    ['logo.png', 'This file type is not supported. Upload PDF, DOC, DOCX, TXT or MD files.'],
    ['more.zip', 'A .zip is added on its own: upload it by itself, not with other files.'],
    ['shipping.md', null],
  ]);
  expect(files.map((file) => file.source?.name ?? null)).toEqual([
    'returns.txt',
    null,
    null,
    null,
    'shipping.md',
  ]);

  const deadline = Date.now() + 60_000;
  for (;;) {
    const sources = (await owner.get(`/api/sources?botId=${multiBot.id}`)).json<
      KnowledgeSource[]
    >();
    expect(sources.map((source) => source.name).sort()).toEqual(['returns.txt', 'shipping.md']);
    if (sources.every((source) => source.status === 'completed')) break;
    if (Date.now() > deadline) throw new Error('the two documents were not processed in a minute');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const hits = await owner.get(`/api/bots/${multiBot.id}/search?q=parcels&limit=1`);
  expect(hits.json<KnowledgeHit[]>()[0]?.sourceId).toBe(files[4]!.source!.id);
});

test('when one request carries too many files, or files together larger than one upload, then it is refused with the reason and nothing is added', async () => {
  const refusedBot = await createBot(owner, { name: 'Refused files shop' });
  const url = `/api/bots/${refusedBot.id}/documents`;
  const tooMany = await owner.uploadFiles(
    url,
    Array.from({ length: maxFilesPerUpload + 1 }, (_, index) => ({
      name: `note-${index}.txt`,
      data: new TextEncoder().encode(`Note ${index}.`),
    })),
  );
  expect(tooMany.statusCode, tooMany.body).toBe(400);
  expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(
    `Up to ${maxFilesPerUpload} files can be sent in one request.`,
  );

  // Within the declared size the server accepts a request at, but together past 10 MB.
  const half = Math.floor(maxUploadBytes / 2) + 16 * 1024;
  const tooLarge = await owner.uploadFiles(url, [
    { name: 'first.txt', data: new Uint8Array(half).fill(0x61) },
    { name: 'second.txt', data: new Uint8Array(half).fill(0x62) },
  ]);
  expect(tooLarge.statusCode, tooLarge.body).toBe(413);
  expect(tooLarge.json<{ error: { message: string } }>().error.message).toBe(
    'These files together are larger than 10 MB. Send them in smaller groups.',
  );
  expect((await owner.get(`/api/sources?botId=${refusedBot.id}`)).json<unknown[]>()).toEqual([]);
});

test('when one file of a request cannot be written, then the others are still added and that one asks to be tried again', async () => {
  const failingBot = await createBot(owner, { name: 'Failing write shop' });
  // A refusal from the database the server does not expect, for one file name only.
  await context.database.db.execute(sql`
    create function refuse_boom() returns trigger language plpgsql as $$
    begin
      if new.name = 'boom.txt' then raise exception 'boom'; end if;
      return new;
    end $$`);
  await context.database.db.execute(sql`
    create trigger refuse_boom before insert on knowledge_sources
    for each row execute function refuse_boom()`);
  try {
    const text = (words: string) => new TextEncoder().encode(words);
    const response = await owner.uploadFiles(`/api/bots/${failingBot.id}/documents`, [
      { name: 'returns.txt', data: text('Returns are free within 30 days.') },
      { name: 'boom.txt', data: text('This one meets the refusal.') },
      { name: 'shipping.txt', data: text('Parcels leave within two days.') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<FilesUpload>().files.map(({ name, error }) => [name, error])).toEqual([
      ['returns.txt', null],
      ['boom.txt', 'This file could not be added. Please try again.'],
      ['shipping.txt', null],
    ]);
    const sources = (await owner.get(`/api/sources?botId=${failingBot.id}`)).json<
      KnowledgeSource[]
    >();
    expect(sources.map((source) => source.name).sort()).toEqual(['returns.txt', 'shipping.txt']);
  } finally {
    await context.database.db.execute(sql`drop trigger refuse_boom on knowledge_sources`);
    await context.database.db.execute(sql`drop function refuse_boom()`);
  }
});
