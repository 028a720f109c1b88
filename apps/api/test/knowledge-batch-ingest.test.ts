import {
  cancelledByStaffReason,
  type ArchiveUpload,
  type Bot,
  type KnowledgeHit,
  type KnowledgeSource,
} from '@askwell/shared';
import { eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { knowledgeSources } from '../src/db/schema';
import { ingestQueue } from '../src/modules/knowledge/knowledge.service';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createBot } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { buildZip } from './support/hostile-files';
import { startSmtpSink } from './support/smtp-sink';
import { testdataFile } from './support/testdata';

// Small text documents waiting together are read, indexed and completed together (one job slot
// takes many); what the owner sees must be what one-by-one processing gave.

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;

beforeAll(async () => {
  sink = await startSmtpSink();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-batch-ingest-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'batch-owner@shop.test', '10.8.1.1');
}, 60_000);
afterAll(async () => {
  await context.close();
  await sink.close();
});

const note = (index: number) =>
  Buffer.from(
    `Note ${index}\n\nShelf ${index} holds the ${index % 2 ? 'blue' : 'red'} lamp model ` +
      `zq${index}x, restocked every ${index % 5} days.`,
  );

async function settled(bot: Bot, count: number) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const sources = (await owner.get(`/api/sources?botId=${bot.id}`)).json<KnowledgeSource[]>();
    const open = sources.filter(
      (source) => source.status === 'pending' || source.status === 'processing',
    );
    if (sources.length === count && open.length === 0) return sources;
    if (Date.now() > deadline) {
      throw new Error(`${open.length} of ${sources.length} sources still in flight`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function search(bot: Bot, q: string) {
  const response = await owner.get(
    `/api/bots/${bot.id}/search?${new URLSearchParams({ q, limit: '3' })}`,
  );
  return response.json<KnowledgeHit[]>();
}

test('when 160 small documents arrive at once (an archive of 120 and 40 single uploads, 8 at a time), then every one ends completed with its passages, and each is searchable', async () => {
  const bot = await createBot(owner, { name: 'Batch shop' });
  const archive = buildZip(
    Array.from({ length: 120 }, (_, index) => ({ name: `note-${index}.txt`, data: note(index) })),
  );
  const uploaded = await owner.upload(
    `/api/bots/${bot.id}/documents`,
    'notes.zip',
    archive,
    'application/zip',
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  expect(uploaded.json<ArchiveUpload>().sources).toHaveLength(120);

  const statuses: number[] = [];
  let next = 120;
  const worker = async () => {
    for (let index = next++; index < 160; index = next++) {
      const response = await owner.upload(
        `/api/bots/${bot.id}/documents`,
        `note-${index}.md`,
        note(index),
        'text/markdown',
      );
      statuses.push(response.statusCode);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  expect(statuses.filter((status) => status !== 201)).toEqual([]);

  const sources = await settled(bot, 160);
  expect(sources.filter((source) => source.status !== 'completed')).toEqual([]);
  for (const source of sources) {
    expect(source.chunkCount, source.name).toBeGreaterThan(0);
    expect(source.progress, source.name).toBe(100);
    expect(source.documentType, source.name).toBe(source.name.endsWith('.md') ? 'md' : 'txt');
  }
  for (const index of [0, 77, 119, 120, 159]) {
    const hits = await search(bot, `zq${index}x`);
    expect(hits[0]?.text, `note ${index}`).toContain(`zq${index}x`);
  }
}, 180_000);

test('when one file among many small ones cannot be read, then it alone fails with its reason and the others complete', async () => {
  const bot = await createBot(owner, { name: 'Batch shop with a bad file' });
  // EBCDIC: it passes the upload's check (no binary signature) and is refused by the reader.
  // 'Hello world, this is the shop returns policy.' in code page 500.
  const ebcdic = Buffer.from(
    'c88593939640a6969993846b40a38889a24089a240a3888540a2889697409985a3a49995a2409796938983a84b',
    'hex',
  );
  const files = Array.from({ length: 60 }, (_, index) => ({
    name: `note-${index}.txt`,
    data: index === 31 ? ebcdic : index === 45 ? Buffer.from('  \n\n   \n') : note(index),
  }));
  const uploaded = await owner.upload(
    `/api/bots/${bot.id}/documents`,
    'notes.zip',
    buildZip(files),
    'application/zip',
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);

  const sources = await settled(bot, 60);
  const failed = sources.filter((source) => source.status === 'failed');
  expect(failed.map((source) => source.name).sort()).toEqual(['note-31.txt', 'note-45.txt']);
  expect(failed.find((source) => source.name === 'note-31.txt')?.error).toMatch(
    /^Failed to process document: We couldn't recognise this file's text encoding/,
  );
  expect(failed.find((source) => source.name === 'note-45.txt')?.error).toMatch(
    /^Failed to process document: no extractable text/,
  );
  for (const source of failed) expect(source.chunkCount).toBe(0);
  expect(sources.filter((source) => source.status === 'completed')).toHaveLength(58);
  const hits = await search(bot, 'zq44x');
  expect(hits[0]?.text).toContain('zq44x');
}, 120_000);

test('when an archive of small documents waits for a worker, then it is one job, not one per document; a sweep leaves it alone; staff may cancel one of them; and a worker reads the others', async () => {
  // An instance without ingest slots, so that the jobs wait (as behind a busy worker) and can be
  // counted.
  const waiting = await createTestApp({
    envVars: { SMTP_URL: sink.url, INGEST_CONCURRENCY: '0' },
  });
  const helpers: TestContext[] = [];
  try {
    const uploader = await signUpCustomer(waiting, sink, 'queued-owner@shop.test', '10.8.1.2');
    const bot = await createBot(uploader, { name: 'Queued shop' });
    const pdf = await testdataFile('docs/pdf/tika-testPDF.pdf');
    const uploaded = await uploader.upload(
      `/api/bots/${bot.id}/documents`,
      'notes.zip',
      buildZip([
        ...Array.from({ length: 30 }, (_, index) => ({
          name: `note-${index}.txt`,
          data: note(index),
        })),
        { name: 'manual.pdf', data: Buffer.from(pdf) },
      ]),
      'application/zip',
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sources = uploaded.json<ArchiveUpload>().sources;
    const notes = sources.filter((source) => source.name.endsWith('.txt')).map((row) => row.id);
    const manual = sources.find((source) => source.name === 'manual.pdf')!.id;

    const jobs = async () =>
      (
        await waiting.database.db.execute<{ sourceId: string | null; sourceIds: string[] | null }>(
          sql`select data->>'sourceId' as "sourceId", data->'sourceIds' as "sourceIds"
              from pgboss.job where name = ${ingestQueue} order by created_on`,
        )
      ).rows;
    // The notes are read together, so they wait together; the PDF is read on its own.
    const queued = await jobs();
    expect(queued).toHaveLength(2);
    expect(queued.find((job) => job.sourceIds)?.sourceIds?.sort()).toEqual([...notes].sort());
    expect(queued.find((job) => job.sourceId)?.sourceId).toBe(manual);

    // Another instance starting runs the sweeper, which re-queues waiting documents that have no
    // job: these have one.
    helpers.push(
      await createTestApp({
        envVars: { SMTP_URL: sink.url, INGEST_CONCURRENCY: '0' },
        sharedWith: waiting,
      }),
    );
    expect(await jobs()).toHaveLength(2);

    // Staff cancel one of the listed notes: it fails with the reason, the others keep their job.
    const { browser: staff } = await signInStaff(waiting, {
      role: 'super_admin',
      email: 'queue-staff@askwell.test',
      password: 'staff password 123',
      ip: '10.8.1.3',
    });
    const cancelled = notes[7]!;
    const cancel = await staff.post(`/api/admin/jobs/${cancelled}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await jobs()).toHaveLength(2);

    // A worker reads every other one of them.
    helpers.push(await createTestApp({ envVars: { SMTP_URL: sink.url }, sharedWith: waiting }));
    const deadline = Date.now() + 120_000;
    for (;;) {
      const rows = await waiting.database.db
        .select({
          id: knowledgeSources.id,
          status: knowledgeSources.status,
          errorMessage: knowledgeSources.errorMessage,
        })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.botId, bot.id));
      const others = rows.filter((row) => row.id !== cancelled);
      if (others.length === 30 && others.every((row) => row.status === 'completed')) {
        expect(rows.find((row) => row.id === cancelled)).toMatchObject({
          status: 'failed',
          errorMessage: cancelledByStaffReason,
        });
        break;
      }
      if (Date.now() > deadline) {
        throw new Error(`not all completed: ${rows.map((row) => row.status).join(', ')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    for (const helper of helpers.reverse()) await helper.close();
    await waiting.close();
  }
}, 180_000);
