import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase } from '../src/db/client';
import { findFreePort } from '../src/db/embedded-postgres';
import { createTestApp, type TestContext } from './helper';

describe('GET /api/health', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  test('when the database answers, then it reports ok and the database up', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up', version: '0.1.0' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('when the database is unreachable, then it reports 503 and the database down', async () => {
    const closedPort = await findFreePort();
    const unreachable = connectDatabase(
      `postgres://postgres@127.0.0.1:${closedPort}/nowhere`,
      pino({ level: 'silent' }),
    );
    const down = await createTestApp({ database: unreachable, runWorkers: false });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await unreachable.close();
      await down.close();
    }
  });
});
