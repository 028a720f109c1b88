import type { Logger } from 'pino';
import type { Env } from '../config/env';
import { connectDatabase, type DatabaseHandle } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migrate';

export type RunningDatabase = DatabaseHandle & { embedded: boolean; shutdown: () => Promise<void> };

// The one way every entry point (server, CLI scripts) gets a migrated database: DATABASE_URL when
// set, otherwise the embedded server with its data under DATA_DIR.
export async function startDatabase(
  env: Env,
  logger: Logger,
  { shareRunning = false } = {},
): Promise<RunningDatabase> {
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: env.DATA_DIR,
        databaseName: 'askwell',
        logger,
        shareRunning,
      });
  try {
    const handle = connectDatabase(env.DATABASE_URL ?? embedded!.url, logger);
    await runMigrations(handle);
    return {
      ...handle,
      embedded: Boolean(embedded),
      shutdown: async () => {
        await handle.close().catch(() => undefined);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
