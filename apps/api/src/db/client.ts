import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema';
import { ownStopGraceMs } from './unavailable';

export type Database = NodePgDatabase<typeof schema>;
// The handle `db.transaction()` passes its callback, for repository functions that write as part
// of a caller's transaction.
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;
export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  // Called as soon as a stop begins, so connections the server ends from then on are expected.
  markClosing: () => void;
  close: () => Promise<void>;
};

// PostgreSQL's codes for "the server is shutting down / restarting": a Ctrl-C in a terminal sends
// SIGINT to the embedded server too, and it may end our connections a moment before our own signal
// handler runs, so these wait briefly to see whether the stop was ours.
const serverShutdownCodes = new Set(['57P01', '57P02', '57P03']);

export function connectDatabase(url: string, logger: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5_000 });
  let closing = false;
  const reportLost = (error: Error & { code?: string }) => {
    if (closing) return;
    // The error object holds the whole pg client (kilobytes of state); code and reason are enough.
    logger.warn({ code: error.code, reason: error.message }, 'idle database connection lost');
  };
  // An idle client that loses its server (restart, failover) must not crash the process; the pool
  // replaces it on next use and the health endpoint reports the outage.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code && serverShutdownCodes.has(error.code)) {
      setTimeout(() => reportLost(error), ownStopGraceMs).unref();
    } else {
      reportLost(error);
    }
  });
  return {
    db: drizzle(pool, { schema }),
    pool,
    markClosing: () => {
      closing = true;
    },
    close: async () => {
      closing = true;
      await pool.end();
    },
  };
}
