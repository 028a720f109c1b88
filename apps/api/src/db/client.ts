import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type DatabaseHandle = { db: Database; pool: pg.Pool; close: () => Promise<void> };

export function connectDatabase(url: string, logger: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server (restart, failover) must not crash the process; the pool
  // replaces it on next use and the health endpoint reports the outage.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost'));
  return {
    db: drizzle(pool, { schema }),
    pool,
    close: () => pool.end(),
  };
}
