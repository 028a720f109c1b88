import type { ApiErrorBody } from '@askwell/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';

let context: TestContext;

// No job workers or sweepers: their short queries would hand a connection back to the pool while
// the test holds the rest, and the request would get it.
beforeAll(async () => {
  context = await createTestApp({ runWorkers: false });
});
afterAll(async () => context.close());

describe('when the database is out of reach for a moment', () => {
  test('when every pooled connection is busy past the wait, then the caller gets 503 with Retry-After, not 500', async () => {
    const held: pg.PoolClient[] = [];
    try {
      // The realtime listener holds a connection for good; take every other one.
      const pool = context.database.pool;
      while (pool.totalCount < (pool.options.max ?? 0) || pool.idleCount > 0) {
        held.push(await pool.connect());
      }
      expect(pool.idleCount).toBe(0);
      const response = await context.app.inject({
        url: '/v1/widget/bots/00000000-0000-4000-8000-000000000000/config',
        headers: { origin: 'https://www.shop.test' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json<ApiErrorBody>().error).toEqual({
        code: 'service_unavailable',
        message: 'The service is busy. Please try again in a moment.',
      });
    } finally {
      held.forEach((client) => client.release());
    }
    const after = await context.app.inject({
      url: '/v1/widget/bots/00000000-0000-4000-8000-000000000000/config',
      headers: { origin: 'https://www.shop.test' },
    });
    expect(after.statusCode).toBe(404);
  });

  test("when the app's connection is terminated mid-query (a restart or failover), then the error is taken as the database being unavailable, so the request gets 503", async () => {
    const sleeper = context.database.pool
      .query('select pg_sleep(10)')
      .catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killer = await context.database.pool.connect();
    try {
      await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query like 'select pg_sleep%'`,
      );
    } finally {
      killer.release();
    }
    const error = await sleeper;
    const { isDatabaseUnavailable } = await import('../src/db/unavailable');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
