import { createHash } from 'node:crypto';
import { mkdtemp, realpath, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

const runsAsRoot = process.getuid?.() === 0;

// Only root runs PostgreSQL as another user, so only root can meet a folder that user can't enter.
describe.skipIf(!runsAsRoot)('embedded PostgreSQL under a folder only root can enter', () => {
  it('when DATA_DIR sits in a root-only folder, then it starts, and a second start finds the data', async () => {
    const closed = await mkdtemp(path.join(os.tmpdir(), 'askwell-root-only-'));
    expect((await stat(closed)).mode & 0o077).toBe(0);
    const dataDir = path.join(closed, 'data');
    const logger = pino({ level: 'silent' });
    const clusterKey = () =>
      realpath(dataDir).then((real) =>
        createHash('sha256').update(real).digest('hex').slice(0, 16),
      );
    try {
      const first = await startEmbeddedPostgres({ dataDir, databaseName: 'kept', logger });
      await query(first.url, 'create table remembered (note text)');
      await query(first.url, "insert into remembered values ('still here')");
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir, databaseName: 'kept', logger });
      const rows = await query(second.url, 'select note from remembered');
      await second.stop();
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await rm(`/var/lib/askwell/cluster-${await clusterKey()}`, { recursive: true, force: true });
      await rm(closed, { recursive: true, force: true });
    }
  }, 120_000);
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
