import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

// One PostgreSQL server for the whole run: DATABASE_URL's when set (CI runs both), otherwise an
// embedded one in a throw-away folder. Each test file then makes its own database on it.
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseServerUrl', process.env.DATABASE_URL);
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'askwell-test-pg-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    databaseName: 'postgres',
    logger: pino({ level: 'silent' }),
  });
  project.provide('databaseServerUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
