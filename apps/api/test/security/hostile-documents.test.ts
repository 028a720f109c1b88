import {
  botDefaults,
  type ApiKeyCreated,
  type Bot,
  type ChatResponse,
  type KnowledgeSource,
} from '@askwell/shared';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../../../scripts/spawn-server';
import { dropDatabase, ensureDatabase, withDatabase } from '../../src/db/embedded-postgres';
import { Session } from '../support/http-session';
import { flateBombPdf, loopingPdf, manyEntriesDocx, zipBombDocx } from '../support/hostile-files';
import { codeFrom, startSmtpSink } from '../support/smtp-sink';

// Files built to take a document reader down, uploaded to the real server (its own process): the
// server must keep answering while each of them fails with a reason a person understands, and
// must never read them again on its own.

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dataDir: string;
let databaseUrl: string;
let databaseName: string;
let server: SpawnedServer | undefined;
let session: Session;
let bot: Bot;
let apiKey: string;
const email = 'hostile-owner@shop.test';
const password = 'customer password 1';

function start() {
  return spawnServer(
    {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      INGEST_CONCURRENCY: '2',
      LOG_LEVEL: 'error',
    },
    { dataDir },
  );
}

async function signIn() {
  session = new Session(server!.baseUrl);
  const response = await session.request('POST', '/api/auth/sign-in/email', { email, password });
  expect(response.status).toBe(200);
}

async function sources() {
  return (await (await session.request('GET', '/api/sources')).json()) as KnowledgeSource[];
}

async function upload(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await session.request('POST', `/api/bots/${bot.id}/documents`, form);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as KnowledgeSource).id;
}

async function waitFor(
  what: string,
  predicate: (all: KnowledgeSource[]) => boolean,
  timeoutMs = 240_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await sources();
    if (predicate(all)) return all;
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: ${all.map((source) => `${source.name} ${source.status}/${source.stage}`).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const finished = (source: KnowledgeSource | undefined) =>
  source?.status === 'completed' || source?.status === 'failed';

async function chat(message: string) {
  const response = await fetch(`${server!.baseUrl}/v1/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ botId: bot.id, message }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatResponse;
}

// Polls /api/health for as long as it runs; every answer that is not a 200 is kept.
function watchHealth() {
  const failures: string[] = [];
  let checks = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const response = await fetch(`${server!.baseUrl}/api/health`, {
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status !== 200) failures.push(`status ${response.status}`);
      } catch (error) {
        failures.push(String(error));
      }
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { failures, checks };
    },
  };
}

async function attemptsOf(ids: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; attempts: number }>(
      'select id, attempts from knowledge_sources where id = any($1::uuid[]) order by id',
      [ids],
    );
    return rows;
  } finally {
    await client.end();
  }
}

// The server's child processes: its document readers.
async function readerPids() {
  const pid = server!.pid;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return children.split(/\s+/).filter(Boolean).map(Number);
}

async function statusOf(id: string) {
  return (await sources()).find((source) => source.id === id);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-hostile-'));
  databaseName = `askwell_hostile_${randomBytes(6).toString('hex')}`;
  databaseUrl = withDatabase(inject('databaseServerUrl'), databaseName);
  await ensureDatabase(databaseUrl, databaseName);
  server = await start();
  session = new Session(server.baseUrl);
  const signUp = await session.request('POST', '/api/auth/sign-up/email', {
    name: 'Hostile Owner',
    email,
    password,
  });
  expect(signUp.status).toBe(200);
  const verify = await session.request('POST', '/api/auth/email-otp/verify-email', {
    email,
    otp: codeFrom(await sink.waitForMail(email)),
  });
  expect(verify.status).toBe(200);
  bot = (await (
    await session.request('POST', '/api/bots', { ...botDefaults, name: 'Hostile bot' })
  ).json()) as Bot;
  apiKey = (
    (await (
      await session.request('POST', '/api/api-keys', { name: 'Hostile test' })
    ).json()) as ApiKeyCreated
  ).secret;
  const policy = await upload(
    'returns.txt',
    new TextEncoder().encode(
      'Returns policy\n\nItems can be returned within 45 days of delivery for a full refund.\n',
    ),
  );
  await waitFor('policy indexed', (all) => finished(all.find((source) => source.id === policy)));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase(databaseUrl, databaseName);
});

const expanded = "This file expands to more than 200 MB when opened, so it can't be read safely.";
const hostile = [
  { name: 'bomb.docx', build: () => zipBombDocx(), reason: expanded },
  {
    name: 'many-parts.docx',
    build: () => manyEntriesDocx(),
    reason: "This file is made of more than 5,000 parts, so it can't be read safely.",
  },
  { name: 'flate-bomb.pdf', build: () => flateBombPdf(), reason: expanded },
  {
    name: 'forms-loop.pdf',
    build: () => loopingPdf(),
    reason: 'Page 1 took longer than 20 seconds to read and was skipped. No other page had text.',
  },
];
const hostileIds = new Map<string, string>();

describe('hostile documents', () => {
  test('when hostile documents are uploaded, then each fails with its reason while health, chat and a normal upload keep working', async () => {
    const serverPid = server!.pid;
    const health = watchHealth();
    for (const file of hostile)
      hostileIds.set(file.name, await upload(file.name, await file.build()));
    // While the readers work on them: a visitor's question and another customer file.
    const normal = await upload(
      'shipping.txt',
      new TextEncoder().encode('Shipping\n\nParcels to Norway arrive within 4 working days.\n'),
    );
    const answer = await chat('How many days do I have to return an item?');
    expect(answer.reply).toContain('45 days');

    const all = await waitFor('hostile documents settled', (list) =>
      [...hostileIds.values(), normal].every((id) => finished(list.find((s) => s.id === id))),
    );
    const { failures, checks } = await health.stop();
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(10);
    expect(server!.pid).toBe(serverPid);

    for (const file of hostile) {
      const source = all.find((item) => item.id === hostileIds.get(file.name));
      expect(source?.status, file.name).toBe('failed');
      expect(source?.error, file.name).toBe(`Failed to process document: ${file.reason}`);
    }
    expect(all.find((item) => item.id === normal)?.status).toBe('completed');
    const shipping = await chat('How long does shipping to Norway take?');
    expect(shipping.reply).toContain('4 working days');
  }, 420_000);

  test('when the server is restarted three times afterwards, then it comes up each time and the documents stay failed without being read again', async () => {
    const ids = [...hostileIds.values()];
    expect(ids).toHaveLength(hostile.length);
    const attemptsBefore = await attemptsOf(ids);
    const errorsBefore = (await sources()).filter((source) => ids.includes(source.id));
    for (let restart = 1; restart <= 3; restart++) {
      await server!.stop();
      server = await start();
      await signIn();
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      // The sweeper has run at start-up: nothing of these is queued or read again.
      const now = (await sources()).filter((source) => ids.includes(source.id));
      expect(now.map(({ id, status, error }) => ({ id, status, error }))).toEqual(
        errorsBefore.map(({ id, status, error }) => ({ id, status, error })),
      );
    }
    expect(await attemptsOf(ids)).toEqual(attemptsBefore);
  }, 420_000);

  test('when the server dies three times while a document is being read, then the document fails instead of being read a fourth time, and Retry reads it again', async () => {
    // Page 1 is text; pages 2 and 3 keep the reader busy until it is stopped.
    const id = await upload('slow-forms.pdf', loopingPdf(3, { 1: 'The warranty lasts 3 years.' }));
    for (let death = 1; death <= 3; death++) {
      // The attempt is counted before the file is read: the kill lands during reading.
      const deadline = Date.now() + 120_000;
      while (((await attemptsOf([id]))[0]?.attempts ?? 0) < death) {
        if (Date.now() > deadline) throw new Error(`attempt ${death} never started`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await server!.kill();
      server = await start();
      await signIn();
    }
    const all = await waitFor('attempts used up', (list) =>
      finished(list.find((source) => source.id === id)),
    );
    const failed = all.find((source) => source.id === id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toBe(
      "Failed to process document: This file was tried 3 times without finishing, so it won't be tried again on its own.",
    );
    expect((await attemptsOf([id]))[0]?.attempts).toBe(3);

    // A person asks again: a fresh count, and the reader finishes, skipping the pages that loop.
    const retry = await session.request('POST', `/api/sources/${id}/retry`);
    expect(retry.status).toBe(202);
    const done = await waitFor(
      'retried document finished',
      (list) => {
        const source = list.find((item) => item.id === id);
        return source?.status === 'completed' || source?.status === 'failed';
      },
      300_000,
    );
    const retried = done.find((source) => source.id === id);
    expect(retried?.status, retried?.error ?? '').toBe('completed');
    expect(retried?.notes).toEqual([
      'Page 2 took longer than 20 seconds to read and was skipped.',
      'Page 3 took longer than 20 seconds to read and was skipped.',
    ]);
    expect((await attemptsOf([id]))[0]?.attempts).toBe(1);
    const answer = await chat('How long does the warranty last?');
    expect(answer.reply).toContain('3 years');
  }, 600_000);

  test('when the reader is killed with SIGKILL on every attempt, then the server keeps answering and the document fails with its reason', async () => {
    const serverPid = server!.pid;
    const health = watchHealth();
    const id = await upload('reader-killed.pdf', loopingPdf(1));
    for (let attempt = 1; attempt <= 3; attempt++) {
      const deadline = Date.now() + 120_000;
      while (((await attemptsOf([id]))[0]?.attempts ?? 0) < attempt) {
        if (Date.now() > deadline) throw new Error(`attempt ${attempt} never started`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Every reader of the server is killed until this attempt has given up on it.
      while (
        (await attemptsOf([id]))[0]?.attempts === attempt &&
        (await statusOf(id))?.status !== 'failed'
      ) {
        for (const pid of await readerPids()) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // It was gone already.
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    await waitFor('reader-killed document settled', (all) =>
      finished(all.find((source) => source.id === id)),
    );
    const { failures } = await health.stop();
    expect(failures).toEqual([]);
    expect(server!.pid).toBe(serverPid);
    const failed = await statusOf(id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toBe(
      "Failed to process document: The program reading this file stopped unexpectedly on every attempt, so it won't be tried again on its own.",
    );
    expect(process.kill(serverPid, 0)).toBe(true);
  }, 300_000);
});
