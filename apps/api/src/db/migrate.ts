import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number works as long as every instance uses the same one.
const migrationLockKey = 4_214_001;

// Several instances may start at once against one DATABASE_URL; the advisory lock makes them take
// turns, so each migration runs exactly once.
export async function runMigrations({ db, pool }: DatabaseHandle) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    client.release();
  }
}
