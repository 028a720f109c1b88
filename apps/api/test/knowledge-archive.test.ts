import type { ApiErrorBody, ArchiveUpload, Bot, KnowledgeSource } from '@askwell/shared';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createBot } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { buildZip, docxParts } from './support/hostile-files';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = path.join(process.env.TMPDIR ?? '/tmp', `askwell-archive-${process.pid}-${Date.now()}`);
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'archive-owner@shop.test', '10.9.0.1');
}, 60_000);
afterAll(async () => {
  await context.close();
  await sink.close();
});

const text = (value: string) => Buffer.from(value, 'utf8');

async function sourcesOf(bot: Bot) {
  return (await owner.get(`/api/sources?botId=${bot.id}`)).json<KnowledgeSource[]>();
}

// The bot's sources whose originals the database keeps.
async function filesKeptFor(bot: Bot) {
  const { rows } = await context.database.pool.query<{ source_id: string }>(
    `select f.source_id from knowledge_source_files f
     join knowledge_sources s on s.id = f.source_id where s.bot_id = $1`,
    [bot.id],
  );
  return rows.map((row) => row.source_id);
}

async function uploadZip(bot: Bot, name: string, bytes: Buffer) {
  return owner.upload(`/api/bots/${bot.id}/documents`, name, bytes, 'application/zip');
}

describe('uploading a .zip of documents', () => {
  test('when the archive holds documents among other files, then each document becomes a source that is processed and searchable, and the rest is listed with its reason', async () => {
    const bot = await createBot(owner, { name: 'Archive shop' });
    const manual = buildZip(
      docxParts('The espresso machine descales itself every ninety days with citric acid.'),
    );
    const archive = buildZip([
      { name: 'policies/returns.txt', data: text('Returns are free within 30 days of delivery.') },
      { name: 'faq.md', data: text('# Shipping\n\nParcels leave the warehouse within two days.') },
      { name: 'manuals/espresso.docx', data: manual },
      { name: 'policies/', data: Buffer.alloc(0) },
      { name: '__MACOSX/._faq.md', data: text('resource fork') },
      { name: '.DS_Store', data: text('finder') },
      { name: 'logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
      { name: 'broken.txt', data: Buffer.from([0x00, 0xff, 0x00, 0xfe, 0x00, 0x01, 0x02, 0x03]) },
      { name: 'empty.md', data: Buffer.alloc(0) },
    ]);

    const response = await uploadZip(bot, 'Shop documents.zip', archive);
    expect(response.statusCode, response.body).toBe(201);
    const added = response.json<ArchiveUpload>();
    expect(added.archive).toBe('Shop documents.zip');
    expect(added.sources.map((source) => [source.name, source.documentType])).toEqual([
      ['returns.txt', 'txt'],
      ['faq.md', 'md'],
      ['espresso.docx', 'docx'],
    ]);
    expect(added.skipped).toEqual([
      { name: 'logo.png', reason: 'Not a PDF, DOC, DOCX, TXT or MD file.' },
      { name: 'broken.txt', reason: 'Its content is not a PDF, DOC, DOCX, TXT or MD document.' },
      { name: 'empty.md', reason: 'This file is empty.' },
    ]);

    const deadline = Date.now() + 60_000;
    for (;;) {
      const sources = await sourcesOf(bot);
      expect(sources.filter((source) => source.status === 'failed')).toEqual([]);
      if (sources.length === 3 && sources.every((source) => source.status === 'completed')) break;
      if (Date.now() > deadline) throw new Error('the archive’s documents were not processed');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const hits = (
      await owner.get(`/api/bots/${bot.id}/search?q=${encodeURIComponent('descale espresso')}`)
    ).json<Array<{ sourceId: string }>>();
    const espresso = added.sources.find((source) => source.name === 'espresso.docx')!;
    expect(hits[0]?.sourceId).toBe(espresso.id);
    expect((await filesKeptFor(bot)).sort()).toEqual(added.sources.map((s) => s.id).sort());
  }, 90_000);

  test('when a document in the archive expands far beyond its size, then the archive is refused with the reason and nothing is added', async () => {
    const bot = await createBot(owner, { name: 'Bomb shop' });
    const archive = buildZip([
      { name: 'fine.txt', data: text('A perfectly ordinary note.') },
      { name: 'huge.txt', data: Buffer.alloc(12 * 1024 * 1024, 'a') },
    ]);
    const response = await uploadZip(bot, 'bomb.zip', archive);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ApiErrorBody>().error.message).toMatch(
      /expands to more than 10 MB when opened, so it can't be read safely|compressed more than 100 to 1/,
    );
    expect(await sourcesOf(bot)).toEqual([]);
    expect(await filesKeptFor(bot)).toEqual([]);
  });

  test('when the archive holds no document, then it is refused with that reason and nothing is added', async () => {
    const bot = await createBot(owner, { name: 'Empty archive shop' });
    const archive = buildZip([
      { name: 'photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
      { name: '__MACOSX/._photo.jpg', data: text('fork') },
    ]);
    const response = await uploadZip(bot, 'photos.zip', archive);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ApiErrorBody>().error.message).toBe(
      'This archive holds no PDF, DOC, DOCX, TXT or MD files.',
    );
    expect(await sourcesOf(bot)).toEqual([]);
    expect(await filesKeptFor(bot)).toEqual([]);
  });

  test('when another zip-based file (a spreadsheet) is uploaded, then it is refused as an unsupported type, not unpacked', async () => {
    const bot = await createBot(owner, { name: 'Spreadsheet shop' });
    const spreadsheet = buildZip([
      { name: '[Content_Types].xml', data: text('<Types/>') },
      { name: 'xl/workbook.xml', data: text('<workbook/>') },
    ]);
    const response = await uploadZip(bot, 'prices.xlsx', spreadsheet);
    expect(response.statusCode, response.body).toBe(415);
    expect(await sourcesOf(bot)).toEqual([]);
  });
});
