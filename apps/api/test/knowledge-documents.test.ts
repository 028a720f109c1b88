import type {
  Bot,
  KnowledgeHit,
  KnowledgeSource,
  TrainingStarted,
  TrainingState,
} from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { finished } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';
import { testdataFile } from './support/testdata';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let bot: Bot;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-knowledge-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'docs-owner@shop.test', '10.4.0.1');
  stranger = await signUpCustomer(context, sink, 'docs-stranger@other.test', '10.4.0.2');
  bot = (await owner.post('/api/bots', { ...botDefaults, name: 'Docs bot' })).json<Bot>();
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

async function sourcesOf(browser: BrowserClient, botId = bot.id) {
  return (await browser.get(`/api/sources?botId=${botId}`)).json<KnowledgeSource[]>();
}

const settled = (sourceId: string) => finished(owner, sourceId);

// The sources whose originals the database keeps.
async function storedFiles() {
  const { rows } = await context.database.pool.query<{ source_id: string }>(
    'select source_id from knowledge_source_files order by source_id',
  );
  return rows.map((row) => row.source_id);
}

describe('document uploads', () => {
  test('when a good PDF is uploaded, then it is processed and its passages are searchable with their page', async () => {
    const bytes = await testdataFile('docs/pdf/tika-testPDF.pdf');
    const upload = await owner.upload(`/api/bots/${bot.id}/documents`, 'Tika test.pdf', bytes);
    expect(upload.statusCode).toBe(201);
    const created = upload.json<KnowledgeSource>();
    expect(created).toMatchObject({
      name: 'Tika test.pdf',
      documentType: 'pdf',
      sizeBytes: bytes.length,
    });

    const done = await settled(created.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    expect(done.chunkCount).toBeGreaterThan(0);

    const hits = (
      await owner.get(
        `/api/bots/${bot.id}/search?q=${encodeURIComponent('toolkit for detecting metadata')}`,
      )
    ).json<KnowledgeHit[]>();
    expect(hits[0]?.sourceId).toBe(created.id);
    expect(hits[0]?.text).toContain('Apache Tika');
    expect(hits[0]?.page).toBe(1);

    const download = await owner.get(`/api/sources/${created.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, Buffer.from(bytes))).toBe(0);

    const training = (await owner.get(`/api/bots/${bot.id}/training`)).json<TrainingState>();
    expect(training.running).toBe(false);
    expect(training.steps.map((step) => step.status)).toEqual([
      'complete',
      'complete',
      'complete',
      'complete',
    ]);
  });

  test('when a damaged PDF is uploaded, then it fails with its reason, and retry really runs it again', async () => {
    const good = await testdataFile('docs/pdf/tika-testPDF.pdf');
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'broken.pdf',
      good.slice(0, 900),
    );
    expect(upload.statusCode).toBe(201);
    const failed = await settled(upload.json<KnowledgeSource>().id);
    expect(failed.status).toBe('failed');
    expect(failed.errorCode).toBe('corrupt_file');
    expect(failed.error).toMatch(/^Failed to process document: .+/);

    const retry = await owner.post(`/api/sources/${failed.id}/retry`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json<KnowledgeSource>().status).toBe('pending');
    const again = await settled(failed.id);
    expect(again.status).toBe('failed');
    expect(again.updatedAt > failed.updatedAt).toBe(true);
  });

  test('when a password-protected PDF is uploaded, then the reason says so', async () => {
    const bytes = await testdataFile('docs/pdf/pdfjs-issue6010_1-encrypted-pw-abc.pdf');
    const upload = await owner.upload(`/api/bots/${bot.id}/documents`, 'secret.pdf', bytes);
    const done = await settled(upload.json<KnowledgeSource>().id);
    expect(done.errorCode).toBe('password_protected');
    expect(done.error).toMatch(/password/i);
  });

  test('when a file is not one of the five types, then it is refused by its content and nothing is stored', async () => {
    const before = (await sourcesOf(owner)).length;
    const filesBefore = await storedFiles();
    const png = Uint8Array.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Array(64).fill(7),
    ]);
    const response = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'holiday.pdf',
      png,
      'application/pdf',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(
      'This file type is not supported. Upload PDF, DOC, DOCX, TXT or MD files.',
    );
    expect((await sourcesOf(owner)).length).toBe(before);
    // No original is kept, and nothing was written to the data folder.
    expect(await storedFiles()).toEqual(filesBefore);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  test('when a PDF arrives under a .txt name, then it is still read as a PDF', async () => {
    const bytes = await testdataFile('docs/pdf/pypdf-crazyones.pdf');
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'notes.txt',
      bytes,
      'text/plain',
    );
    expect(upload.json<KnowledgeSource>().documentType).toBe('pdf');
    expect((await settled(upload.json<KnowledgeSource>().id)).status).toBe('completed');
  });

  test('when a file is over 10 MB, then it is refused with 413 and nothing is kept', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = (await sourcesOf(owner)).length;
    const big = new Uint8Array(10_485_761).fill(0x61);
    const response = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'big.txt',
      big,
      'text/plain',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/larger than 10 MB/);
    expect((await sourcesOf(owner)).length).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  test('when a file is exactly 10 MB, then it is accepted', async () => {
    const line = 'Askwell keeps every upload up to the limit.\n';
    const exact = new Uint8Array(10_485_760).fill(0x20);
    exact.set(new TextEncoder().encode(line.repeat(2000)));
    const response = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'exact.txt',
      exact,
      'text/plain',
    );
    expect(response.statusCode).toBe(201);
    const done = await settled(response.json<KnowledgeSource>().id);
    expect(done.status).toBe('completed');
  });

  test('when a name carries a path and control characters, then only a clean name is kept, and the download gives the original back', async () => {
    const text = new TextEncoder().encode('Opening hours: 9 to 5 on weekdays.');
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      '..\\..\\etc\\pass\u0007wd.txt',
      text,
      'text/plain',
    );
    expect(upload.statusCode).toBe(201);
    expect(upload.json<KnowledgeSource>().name).toBe('passwd.txt');
    const download = await owner.get(`/api/sources/${upload.json<KnowledgeSource>().id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="passwd.txt"');
    expect(download.rawPayload.equals(Buffer.from(text))).toBe(true);
  });

  test('when a document is removed, then its passages and original are gone', async () => {
    const text = new TextEncoder().encode(
      '# Returns\n\nParcels may be returned within 30 days for a refund.',
    );
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'returns.md',
      text,
      'text/markdown',
    );
    const source = await settled(upload.json<KnowledgeSource>().id);
    expect(source.documentType).toBe('md');
    const search = () =>
      owner
        .get(`/api/bots/${bot.id}/search?q=parcels%20returned%20refund`)
        .then((r) => r.json<KnowledgeHit[]>());
    expect((await search())[0]?.sourceId).toBe(source.id);
    const filesBefore = (await storedFiles()).length;

    expect((await owner.delete(`/api/sources/${source.id}`)).statusCode).toBe(204);
    expect((await search()).some((hit) => hit.sourceId === source.id)).toBe(false);
    expect((await storedFiles()).length).toBe(filesBefore - 1);
    expect((await owner.get(`/api/sources/${source.id}/download`)).statusCode).toBe(404);
  });

  test('when another customer tries any source route, then it does not exist for them', async () => {
    const text = new TextEncoder().encode('Private price list: gold plan 99 euros.');
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'prices.txt',
      text,
      'text/plain',
    );
    const id = upload.json<KnowledgeSource>().id;
    await settled(id);
    expect((await stranger.get(`/api/sources/${id}/download`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/sources/${id}/retry`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/sources/${id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/bots/${bot.id}/search?q=gold`)).statusCode).toBe(404);
    expect(
      (await stranger.upload(`/api/bots/${bot.id}/documents`, 'x.txt', text, 'text/plain'))
        .statusCode,
    ).toBe(404);
    expect((await stranger.get('/api/sources')).json()).toEqual([]);
    expect((await owner.get(`/api/sources/${id}/download`)).statusCode).toBe(200);
  });

  test('when Q&A pairs are added, then asking the question finds its answer first', async () => {
    const response = await owner.post(`/api/bots/${bot.id}/qa`, {
      name: 'Shipping FAQ',
      pairs: [
        { question: 'Do you ship to Canada?', answer: 'Yes, we ship to Canada within 5 days.' },
        {
          question: 'Can I pay by invoice?',
          answer: 'Invoices are available for business accounts.',
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    const source = await settled(response.json<KnowledgeSource>().id);
    expect(source.chunkCount).toBe(2);
    const hits = (
      await owner.get(`/api/bots/${bot.id}/search?q=${encodeURIComponent('do you ship to canada')}`)
    ).json<KnowledgeHit[]>();
    expect(hits[0]?.question).toBe('Do you ship to Canada?');
    expect(hits[0]?.text).toContain('within 5 days');
  });

  test('when Start Training is pressed, then failed sources run again and processed, unchanged ones are left as they are', async () => {
    const trained = (
      await owner.post('/api/bots', { ...botDefaults, name: 'Trainee' })
    ).json<Bot>();
    const good = await testdataFile('docs/pdf/tika-testPDF.pdf');
    const done = await settled(
      (
        await owner.upload(`/api/bots/${trained.id}/documents`, 'good.pdf', good)
      ).json<KnowledgeSource>().id,
    );
    const broken = await settled(
      (
        await owner.upload(`/api/bots/${trained.id}/documents`, 'broken.pdf', good.slice(0, 900))
      ).json<KnowledgeSource>().id,
    );
    expect([done.status, broken.status]).toEqual(['completed', 'failed']);
    const failedSteps = (await owner.get(`/api/bots/${trained.id}/training`)).json<TrainingState>();
    expect(failedSteps.sources).toHaveLength(2);

    const started = await owner.post(`/api/bots/${trained.id}/training`);
    expect(started.statusCode).toBe(202);
    const state = started.json<TrainingStarted>();
    expect(state.run).toEqual({ reread: 1, embedding: 0, inProgress: 0, upToDate: 1 });
    expect(state.running).toBe(true);
    expect(state.sources.find((source) => source.id === broken.id)?.status).toBe('pending');
    expect(state.sources.find((source) => source.id === done.id)?.status).toBe('completed');

    const again = await settled(broken.id);
    expect(again.status).toBe('failed');
    expect(again.updatedAt > broken.updatedAt).toBe(true);
    const untouched = (await sourcesOf(owner, trained.id)).find((source) => source.id === done.id);
    expect(untouched?.updatedAt).toBe(done.updatedAt);
    const finished = (await owner.get(`/api/bots/${trained.id}/training`)).json<TrainingState>();
    expect(finished.running).toBe(false);

    // With nothing new, the answer says so rather than pretending to start.
    await owner.delete(`/api/sources/${broken.id}`);
    const idle = (await owner.post(`/api/bots/${trained.id}/training`)).json<TrainingStarted>();
    expect(idle.run).toEqual({ reread: 0, embedding: 0, inProgress: 0, upToDate: 1 });
    expect(idle.running).toBe(false);
  });

  test('when the bot is deleted, then its documents and their files go with it', async () => {
    const other = (
      await owner.post('/api/bots', { ...botDefaults, name: 'Short-lived' })
    ).json<Bot>();
    const upload = await owner.upload(
      `/api/bots/${other.id}/documents`,
      'a.txt',
      new TextEncoder().encode('Temporary knowledge.'),
      'text/plain',
    );
    const sourceId = upload.json<KnowledgeSource>().id;
    await settled(sourceId);
    expect(await storedFiles()).toContain(sourceId);
    expect((await owner.delete(`/api/bots/${other.id}`)).statusCode).toBe(204);
    expect((await sourcesOf(owner, other.id)).length).toBe(0);
    expect(await storedFiles()).not.toContain(sourceId);
  });
});
