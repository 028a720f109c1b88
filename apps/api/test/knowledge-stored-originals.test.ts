import type { Bot, KnowledgeSource } from '@askwell/shared';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { moveStoredOriginals } from '../src/modules/knowledge/document-storage';
import { insertOriginals, readOriginals } from '../src/modules/knowledge/knowledge.repository';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createBot, finished } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let bot: Bot;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-originals-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'originals-owner@shop.test', '10.9.3.1');
  bot = await createBot(owner, { name: 'Older installation' });
}, 60_000);
afterAll(async () => {
  await context.close();
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
});

const settled = (sourceId: string) => finished(owner, sourceId);

// Turns an uploaded document back into one of an installation from before originals were kept in
// the database: its original a file under DATA_DIR/uploads (or missing), named by storage_path.
async function asStoredOnDisk(source: KnowledgeSource, content: Buffer | null) {
  const { pool } = context.database;
  const file = path.join(dataDir, 'uploads', source.id.slice(0, 8), bot.id, source.id);
  if (content) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  await pool.query('delete from knowledge_source_files where source_id = $1', [source.id]);
  await pool.query('update knowledge_sources set storage_path = $2 where id = $1', [
    source.id,
    file,
  ]);
  return file;
}

async function upload(name: string, text: string) {
  const response = await owner.upload(
    `/api/bots/${bot.id}/documents`,
    name,
    Buffer.from(text),
    'text/plain',
  );
  expect(response.statusCode, response.body).toBe(201);
  return settled(response.json<KnowledgeSource>().id);
}

test('when an older installation starts with originals stored as files, then they move into the database, their files are removed, and a missing one fails with its reason when read again', async () => {
  const kept = await upload('hours.txt', 'The shop opens at nine and closes at six.');
  const lost = await upload('prices.txt', 'A coffee costs three euros.');
  const keptFile = await asStoredOnDisk(kept, Buffer.from('Opening hours: nine to six.'));
  await asStoredOnDisk(lost, null);
  expect((await owner.get(`/api/sources/${kept.id}/download`)).statusCode).toBe(404);

  expect(await moveStoredOriginals(context.database.db, dataDir, context.app.log)).toBe(2);

  const download = await owner.get(`/api/sources/${kept.id}/download`);
  expect(download.statusCode).toBe(200);
  expect(download.body).toBe('Opening hours: nine to six.');
  expect(existsSync(keptFile)).toBe(false);
  expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  const { rows } = await context.database.pool.query(
    'select id from knowledge_sources where storage_path is not null',
  );
  expect(rows).toEqual([]);
  // Nothing is left to move the next time.
  expect(await moveStoredOriginals(context.database.db, dataDir, context.app.log)).toBe(0);

  expect((await owner.get(`/api/sources/${lost.id}/download`)).statusCode).toBe(404);
  expect((await owner.post(`/api/sources/${lost.id}/retry`)).statusCode).toBe(202);
  const retried = await settled(lost.id);
  expect(retried.status).toBe('failed');
  expect(retried.error).toContain('the original file is missing');
});

test('when originals are stored, then every byte comes back as it went in, across more than one statement', async () => {
  const first = await upload('bytes-a.txt', 'A note that is replaced by binary content below.');
  const second = await upload('bytes-b.txt', 'Another note, replaced by a large original below.');
  const { db, pool } = context.database;
  await pool.query('delete from knowledge_source_files where source_id = any($1::uuid[])', [
    [first.id, second.id],
  ]);
  const everyByte = Buffer.from(Array.from({ length: 4096 }, (_, n) => n % 256));
  // Larger than one statement's share, so the two go in separate statements.
  const large = Buffer.alloc(9 * 1024 * 1024, 0x5c);
  await insertOriginals(db, [
    { sourceId: first.id, content: everyByte },
    { sourceId: second.id, content: large },
  ]);
  const stored = await readOriginals(db, [first.id, second.id]);
  expect(stored.get(first.id)?.equals(everyByte)).toBe(true);
  expect(stored.get(second.id)?.equals(large)).toBe(true);
});
