import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { connectDatabase, type DatabaseHandle } from '../src/db/client';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';

export type TestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  databaseUrl: string;
  close: () => Promise<void>;
};

// A fresh, migrated database per test file, so files can run in parallel and never see each
// other's rows; the app is the real one, driven through `inject`.
// `sharedWith` starts a second instance on the first one's database, as in a scale-out.
export async function createTestApp(
  overrides: Partial<Parameters<typeof buildApp>[0]> & {
    envVars?: Record<string, string>;
    sharedWith?: TestContext;
  } = {},
): Promise<TestContext> {
  const { envVars = {}, sharedWith, ...appOverrides } = overrides;
  const serverUrl = inject('databaseServerUrl');
  const databaseName = `askwell_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = sharedWith?.databaseUrl ?? withDatabase(serverUrl, databaseName);
  if (!sharedWith) await ensureDatabase(databaseUrl, databaseName);
  const logger = pino({ level: 'silent' });
  const database = connectDatabase(databaseUrl, logger);
  if (!sharedWith) await runMigrations(database);
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    // Tests build their accounts' data themselves; demo-data.test.ts turns the demo on.
    DEMO_DATA: 'false',
    ...envVars,
  });
  const app = await buildApp({
    env,
    database,
    logger,
    authSecret: randomBytes(32).toString('hex'),
    ...appOverrides,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      if (!sharedWith) await dropDatabase(serverUrl, databaseName);
    },
  };
}
