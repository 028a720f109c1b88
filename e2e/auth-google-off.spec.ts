import { spawnServer, type SpawnedServer } from '../scripts/spawn-server';
import { expect, test } from './fixtures';

// The suite's main server has Google configured (a local OpenID provider); this one does not.
let server: SpawnedServer;
let log = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await spawnServer({ NODE_ENV: 'test', DATABASE_URL: '', LOG_LEVEL: 'info' });
  log = server.startupOutput;
});

test.afterAll(async () => {
  await server?.stop();
});

test('when Google is not configured, then sign-in and sign-up show no Google button and the log says why', async ({
  page,
}) => {
  for (const path of ['/login', '/register']) {
    await page.goto(`${server.baseUrl}${path}`);
    await expect(page.getByRole('button', { name: /^(Sign in|Create account)$/ })).toBeVisible();
    // The auth settings have arrived once the page asked for them and rendered again.
    await expect
      .poll(() =>
        page.evaluate(
          () => performance.getEntriesByName(`${location.origin}/api/auth-config`).length,
        ),
      )
      .toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);
    await expect(page.getByText('Google sign-in is not configured on this server')).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  }
  expect(log).toContain('Google sign-in is off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
});
