import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded-postgres';

// The suite server's own database: DATABASE_URL's when set, else its embedded PostgreSQL.
async function serverDatabaseUrl() {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const embedded = await startEmbeddedPostgres({
    dataDir: process.env.E2E_DATA_DIR!,
    databaseName: 'askwell',
    logger: pino({ level: 'silent' }),
    shareRunning: true,
  });
  return embedded.url;
}

// For a state no screen can reach sooner: a trial or a grace period that has run out.
export async function serverQuery(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: await serverDatabaseUrl() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
