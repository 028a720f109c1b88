import {
  botDefaults,
  sourceProgressEventName,
  type Bot,
  type KnowledgeHit,
  type KnowledgeSource,
  type SourceProgressEvent,
} from '@askwell/shared';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../../scripts/spawn-server';
import { ingestQueue } from '../src/modules/knowledge/knowledge.service';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/embedded-postgres';
import { Session } from './support/http-session';
import { codeFrom, startSmtpSink } from './support/smtp-sink';
import { testdataFile } from './support/testdata';

// Scale-out as DESIGN.md §2 describes it: an API instance that runs no jobs (RUN_WORKERS=false)
// and `npm run worker` as a process of its own, on one database and one data folder.

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
let databaseUrl: string;
let databaseName: string;
const running: SpawnedServer[] = [];
let socket: Socket | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-worker-'));
  databaseName = `askwell_worker_${randomBytes(6).toString('hex')}`;
  databaseUrl = withDatabase(inject('databaseServerUrl'), databaseName);
  await ensureDatabase(databaseUrl, databaseName);
});

afterAll(async () => {
  socket?.disconnect();
  for (const process of running.reverse()) await process.stop();
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase(databaseUrl, databaseName);
});

const sharedEnv = () => ({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  SMTP_URL: sink.url,
  LOG_LEVEL: 'error',
});

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function sourcesOf(session: Session) {
  return (await (await session.request('GET', '/api/sources')).json()) as KnowledgeSource[];
}

test('when the API runs without workers and a worker process runs beside it, then uploads wait for the worker, which processes them and whose progress reaches the browser', async () => {
  const api = await spawnServer({ ...sharedEnv(), RUN_WORKERS: 'false' }, { dataDir });
  running.push(api);
  const session = new Session(api.baseUrl);
  const email = 'scale-owner@shop.test';
  await session.request('POST', '/api/auth/sign-up/email', {
    name: 'Scale Owner',
    email,
    password: 'customer password 1',
  });
  const verify = await session.request('POST', '/api/auth/email-otp/verify-email', {
    email,
    otp: codeFrom(await sink.waitForMail(email)),
  });
  expect(verify.status).toBe(200);
  const bot = (await (
    await session.request('POST', '/api/bots', { ...botDefaults, name: 'Scale bot' })
  ).json()) as Bot;

  const events: (SourceProgressEvent & { receivedAt: number })[] = [];
  socket = io(api.baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie: session.cookieHeader(), origin: api.baseUrl },
  });
  socket.on(sourceProgressEventName, (event: SourceProgressEvent) =>
    events.push({ ...event, receivedAt: Date.now() }),
  );
  await new Promise<void>((resolve, reject) => {
    socket!.once('connect', () => resolve());
    socket!.once('connect_error', reject);
  });

  const form = new FormData();
  form.append('file', new Blob([await testdataFile('docs/pdf/tika-testPDF.pdf')]), 'guide.pdf');
  const upload = await session.request('POST', `/api/bots/${bot.id}/documents`, form);
  expect(upload.status).toBe(201);
  const created = (await upload.json()) as KnowledgeSource;

  expect((await sourcesOf(session)).find((source) => source.id === created.id)?.status).toBe(
    'pending',
  );
  // From here on a worker exists; whatever ran the upload's job before this moment was the API.
  const workerSpawnedAt = Date.now();
  const workerSpawnedInDatabase = (await query<{ now: Date }>('select now()'))[0]!.now;

  const worker = await spawnServer(sharedEnv(), {
    dataDir,
    entry: 'apps/api/src/worker.ts',
    ready: /Askwell worker is running/,
  });
  running.push(worker);

  const deadline = Date.now() + 60_000;
  let source: KnowledgeSource | undefined;
  for (;;) {
    source = (await sourcesOf(session)).find((item) => item.id === created.id);
    if (source?.status === 'completed' || source?.status === 'failed') break;
    if (Date.now() > deadline) throw new Error(`still ${source?.status}/${source?.stage}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(source.status).toBe('completed');
  expect(source.chunkCount).toBeGreaterThan(0);

  // The API instance took no job: every ingest job of this upload was started (pg-boss stamps
  // started_on when a process takes it) after the worker was launched, and the browser heard of
  // no progress before then.
  const started = await query<{ startedOn: Date }>(
    `select started_on as "startedOn" from pgboss.job
      where name = $1 and data->>'sourceId' = $2 and started_on is not null`,
    [ingestQueue, created.id],
  );
  expect(started.length).toBeGreaterThan(0);
  expect(started.filter((job) => job.startedOn < workerSpawnedInDatabase)).toEqual([]);
  expect(
    events.filter((event) => event.sourceId === created.id && event.receivedAt < workerSpawnedAt),
  ).toEqual([]);

  const hits = (await (
    await session.request('GET', `/api/bots/${bot.id}/search?q=${encodeURIComponent('Tika')}`)
  ).json()) as KnowledgeHit[];
  expect(hits[0]?.sourceId).toBe(created.id);

  // The worker's events went through PostgreSQL to the API instance the browser is connected to.
  await expect
    .poll(() => events.filter((event) => event.sourceId === created.id).map((e) => e.status))
    .toContain('completed');
  expect(
    events.some((event) => event.sourceId === created.id && event.status === 'processing'),
  ).toBe(true);
}, 180_000);
