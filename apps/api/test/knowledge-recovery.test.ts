import { botDefaults, type Bot, type KnowledgeHit, type KnowledgeSource } from '@askwell/shared';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/embedded-postgres';
import { buildZip } from './support/hostile-files';
import { Session } from './support/http-session';
import { codeFrom, startSmtpSink } from './support/smtp-sink';
import { testdataFile } from './support/testdata';

// The real server as its own process, so that it can be killed the hard way (SIGKILL: no
// shutdown hook runs, jobs stay 'active' in pg-boss, rows stay 'processing').

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
let databaseUrl: string;
let databaseName: string;
let server: SpawnedServer | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-recovery-'));
  databaseName = `askwell_recovery_${randomBytes(6).toString('hex')}`;
  databaseUrl = withDatabase(inject('databaseServerUrl'), databaseName);
  await ensureDatabase(databaseUrl, databaseName);
});

afterAll(async () => {
  await server?.stop();
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase(databaseUrl, databaseName);
});

function start() {
  return spawnServer(
    {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      // One job at a time, so that the kill lands while most uploads are still queued.
      INGEST_CONCURRENCY: '1',
      LOG_LEVEL: 'error',
    },
    { dataDir },
  );
}

// Text that takes the pipeline a few seconds to chunk and index: a window to kill it in.
function longText(seed: number) {
  const words = Array.from({ length: 4000 }, (_, index) =>
    ((index * 2654435761 + seed) >>> 0).toString(36),
  );
  const lines: string[] = [];
  let size = 0;
  for (let line = 0; size < 3_000_000; line += 1) {
    const text =
      line % 40 === 0
        ? `# Chapter ${line / 40} of volume ${seed}`
        : Array.from(
            { length: 12 },
            (_, word) => words[(line * 7 + word * 13) % words.length],
          ).join(' ') + '.';
    lines.push(text);
    size += text.length + 1;
  }
  lines.push(`The secret word of volume ${seed} is marmalade${seed}.`);
  return lines.join('\n');
}

// A verified customer, signed in on this server, with one new chatbot.
async function ownerWithBot(on: { baseUrl: string }, name: string, email: string, botName: string) {
  const session = new Session(on.baseUrl);
  const signUp = await session.request('POST', '/api/auth/sign-up/email', {
    name,
    email,
    password: 'customer password 1',
  });
  expect(signUp.status).toBe(200);
  const verify = await session.request('POST', '/api/auth/email-otp/verify-email', {
    email,
    otp: codeFrom(await sink.waitForMail(email)),
  });
  expect(verify.status).toBe(200);
  const bot = (await (
    await session.request('POST', '/api/bots', { ...botDefaults, name: botName })
  ).json()) as Bot;
  return { session, bot };
}

async function listSources(session: Session) {
  return (await (await session.request('GET', '/api/sources')).json()) as KnowledgeSource[];
}

test('when the server is killed with SIGKILL mid-processing and started again, then every document ends completed or failed', async () => {
  server = await start();
  const email = 'crash-owner@shop.test';
  const { session, bot } = await ownerWithBot(server, 'Crash Owner', email, 'Crash bot');

  const pdf = await testdataFile('docs/pdf/tika-testPDF.pdf');
  const files: Array<{ name: string; bytes: Uint8Array; expected: KnowledgeSource['status'] }> = [
    ...[1, 2, 3].map((seed) => ({
      name: `volume-${seed}.txt`,
      bytes: new TextEncoder().encode(longText(seed)),
      expected: 'completed' as const,
    })),
    { name: 'guide.pdf', bytes: pdf, expected: 'completed' },
    { name: 'damaged.pdf', bytes: pdf.subarray(0, 900), expected: 'failed' },
  ];
  for (const file of files) {
    const form = new FormData();
    form.append('file', new Blob([file.bytes]), file.name);
    const upload = await session.request('POST', `/api/bots/${bot.id}/documents`, form);
    expect(upload.status, await upload.clone().text()).toBe(201);
  }

  // Kill while a document is being worked on, with the rest still waiting behind it.
  const deadline = Date.now() + 30_000;
  let before: KnowledgeSource[] = [];
  for (;;) {
    before = await listSources(session);
    if (before.some((source) => source.status === 'processing')) break;
    if (Date.now() > deadline) throw new Error('no document started processing');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.kill();
  const unfinished = before.filter(
    (source) => source.status === 'pending' || source.status === 'processing',
  );
  expect(unfinished.length).toBeGreaterThanOrEqual(3);

  server = await start();
  const restarted = new Session(server.baseUrl);
  const signIn = await restarted.request('POST', '/api/auth/sign-in/email', {
    email,
    password: 'customer password 1',
  });
  expect(signIn.status).toBe(200);

  const settleBy = Date.now() + 120_000;
  let after: KnowledgeSource[] = [];
  for (;;) {
    after = await listSources(restarted);
    const stuck = after.filter(
      (source) => source.status === 'pending' || source.status === 'processing',
    );
    if (stuck.length === 0) break;
    if (Date.now() > settleBy) {
      throw new Error(
        `stuck after restart: ${stuck.map((source) => `${source.name} ${source.status}/${source.stage}`).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  expect(after).toHaveLength(files.length);
  for (const file of files) {
    const source = after.find((item) => item.name === file.name);
    expect(source?.status, file.name).toBe(file.expected);
  }
  expect(after.find((item) => item.name === 'damaged.pdf')?.error).toMatch(
    /^Failed to process document: /,
  );

  // What was interrupted was indexed once, in full: its last line is searchable.
  const search = await restarted.request(
    'GET',
    `/api/bots/${bot.id}/search?${new URLSearchParams({ q: 'marmalade2' })}`,
  );
  const hits = (await search.json()) as KnowledgeHit[];
  expect(hits[0]?.text).toContain('The secret word of volume 2 is marmalade2.');
}, 240_000);

test('when the server is killed with SIGKILL while it reads many small documents together, then after a restart every one of them is completed and searchable', async () => {
  await server?.stop();
  server = await start();
  const email = 'batch-crash-owner@shop.test';
  const { session, bot } = await ownerWithBot(
    server,
    'Batch Crash Owner',
    email,
    'Batch crash bot',
  );

  // Small enough to be read together (under 256 KB), long enough that a batch of them takes the
  // reader a moment: a window to kill it in.
  // One archive, so that they are all waiting when the first is taken.
  const count = 40;
  const archive = buildZip(
    Array.from({ length: count }, (_, seed) => ({
      name: `part-${seed}.txt`,
      data: Buffer.from(longText(100 + seed).slice(-200_000)),
    })),
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(archive)]), 'parts.zip');
  const upload = await session.request('POST', `/api/bots/${bot.id}/documents`, form);
  expect(upload.status, await upload.clone().text()).toBe(201);

  // With one job slot, several documents are 'processing' at once only while a batch is read.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const sources = await listSources(session);
    if (sources.filter((source) => source.status === 'processing').length > 1) break;
    if (sources.every((source) => source.status === 'completed')) {
      throw new Error('every document completed before the kill');
    }
    if (Date.now() > deadline) throw new Error('no batch of documents started processing');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await server.kill();

  server = await start();
  const restarted = new Session(server.baseUrl);
  const signIn = await restarted.request('POST', '/api/auth/sign-in/email', {
    email,
    password: 'customer password 1',
  });
  expect(signIn.status).toBe(200);
  const settleBy = Date.now() + 120_000;
  let after: KnowledgeSource[] = [];
  for (;;) {
    after = (await listSources(restarted)).filter((source) => source.botId === bot.id);
    const stuck = after.filter(
      (source) => source.status === 'pending' || source.status === 'processing',
    );
    if (stuck.length === 0) break;
    if (Date.now() > settleBy) {
      throw new Error(`stuck after restart: ${stuck.map((source) => source.name).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(after).toHaveLength(count);
  expect(after.filter((source) => source.status !== 'completed')).toEqual([]);
  const search = await restarted.request(
    'GET',
    `/api/bots/${bot.id}/search?${new URLSearchParams({ q: 'marmalade139' })}`,
  );
  const hits = (await search.json()) as KnowledgeHit[];
  expect(hits[0]?.text).toContain('The secret word of volume 139 is marmalade139.');
}, 300_000);
