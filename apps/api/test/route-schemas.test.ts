import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';

// Answers that are not ours to describe: better-auth's endpoints, relayed as better-auth answers.
const notOurs = [/^\/api\/auth\//];

describe('route schemas', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ runWorkers: false });
  });
  afterAll(() => context.close());

  test('when the app is built, then every /api and /v1 route declares what it answers', () => {
    const routes = context.app.routeTable.filter(
      (route) =>
        /^\/(api|v1)\//.test(route.url) && !notOurs.some((pattern) => pattern.test(route.url)),
    );
    expect(routes.length).toBeGreaterThan(50);
    const undescribed = routes
      .filter((route) => route.responseStatuses.length === 0)
      .map((route) => `${route.method} ${route.url}`);
    expect(undescribed).toEqual([]);
  });
});
