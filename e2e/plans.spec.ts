import { botDefaults, planDefinitions, quotaExceededMessage } from '@askwell/shared';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';
import {
  animationsSettled,
  expect,
  expectNoHorizontalScroll,
  registerTestCustomer,
  signInWithApi,
  test,
} from './fixtures';

const shots = 'test-results/screens/plans';
const free = planDefinitions.free.limits;

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

// The suite server's own database: DATABASE_URL's when set, else its embedded PostgreSQL.
async function serverDatabaseUrl() {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const embedded = await startEmbeddedPostgres({
    dataDir: process.env.E2E_DATA_DIR!,
    databaseName: 'askwell',
    logger: pino({ level: 'silent' }),
    shareRunning: true,
  });
  return embedded.url;
}

// The 14 days ran out without a subscription: no screen can make that happen sooner.
async function endTrial(email: string) {
  const client = new pg.Client({ connectionString: await serverDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `update users set trial_ends_at = now() - interval '1 day' where email = $1`,
      [email],
    );
  } finally {
    await client.end();
  }
}

test('a Free account cannot create a second chatbot, is told why, and sees its usage', async ({
  page,
}) => {
  test.slow();
  const owner = await registerTestCustomer(page.request, { verified: true, name: 'Fran Free' });
  await signInWithApi(page.request, baseUrl(), owner.email, owner.password);
  const created = await page.request.post('/api/bots', {
    headers: { Origin: new URL(baseUrl()).origin },
    data: { ...botDefaults, name: 'First Bot' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/dashboard');
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free Trial');
  await endTrial(owner.email);

  await page.goto('/dashboard/bots/new');
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free');
  await expect(page.getByTestId('trial-status')).toHaveCount(0);
  await expect(
    page.getByTestId('sidebar-usage-meter').getByRole('meter', { name: 'Messages this month' }),
  ).toHaveAttribute('aria-valuetext', `0 / ${free.messagesPerMonth.toLocaleString('en')}`);

  await page.getByLabel(/^Chatbot name/).fill('Second Bot');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(quotaExceededMessage('chatbots', 'free'))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/bots\/new$/);

  await page.goto('/dashboard/settings#plan-billing');
  const section = page.locator('#plan-billing');
  await expect(section.getByRole('heading', { name: 'Plan & Billing' })).toBeVisible();
  await expect(section.getByTestId('plan-name')).toHaveText('Free');
  await expect(section.getByRole('meter', { name: 'Chatbots' })).toHaveAttribute(
    'aria-valuetext',
    `1 / ${free.chatbots}`,
  );
  await expect(section.getByRole('meter', { name: 'Messages this month' })).toHaveAttribute(
    'aria-valuetext',
    `0 / ${free.messagesPerMonth.toLocaleString('en')}`,
  );
  await section.screenshot({ path: `${shots}/plan-billing-desktop.png` });
  await page
    .locator('aside')
    .first()
    .screenshot({ path: `${shots}/sidebar-desktop.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/settings#plan-billing');
  await expect(section.getByTestId('plan-name')).toHaveText('Free');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/plan-billing-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(page.getByTestId('sidebar-usage-meter')).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: `${shots}/sidebar-phone.png` });
});
