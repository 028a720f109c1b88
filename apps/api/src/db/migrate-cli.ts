import { parseEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import { startDatabase } from './start-database';

// `npm run db:migrate`: apply pending migrations and stop. The server also does this at start-up;
// this is for deploys that migrate before rolling out new instances.
const env = parseEnv();
const database = await startDatabase(env, createLogger(env), { shareRunning: true });
await database.shutdown();
process.stdout.write(
  `Migrations applied (${database.embedded ? 'embedded PostgreSQL' : 'DATABASE_URL'}).\n`,
);
