import type { AdminGrowth, Bot, KnowledgeSource } from '@askwell/shared';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';

const shots = 'test-results/screens/admin-system';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

// Enough text to keep the reader busy for a moment after the upload is answered.
function longText(unique: string) {
  const lines: string[] = [];
  for (let line = 0; line < 60_000; line += 1) {
    lines.push(`Line ${line} of the ${unique} tour notes mentions stop ${(line * 7919) % 10_007}.`);
  }
  return lines.join('\n');
}

test.describe.configure({ mode: 'serial' });

test.describe('back office system sections', () => {
  // Accessibility scans and full-page screenshots of long pages take a while on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const fileName = `tour-notes-${unique}.txt`;
  let bot: Bot;
  let admin: Page;
  let sourceId: string;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: baseUrl() });
    await registerTestCustomer(page.request, { verified: true, name: 'Wren Wombat' });
    const headers = { Origin: baseUrl() };
    const created = await page.request.post('/api/bots', {
      headers,
      data: {
        name: `Wombat Tours ${unique}`,
        description: 'Answers questions about wombat tours.',
        tone: 'friendly',
        goal: 'support',
        instructions: '',
        starterQuestions: [],
        fallbackMessage: 'I do not know that yet.',
        widgetConfig: {
          primaryColor: '#1E40AF',
          buttonColor: '#1E40AF',
          textColor: '#1F2937',
          fontFamily: 'Inter, sans-serif',
          welcomeMessage: 'Hello! How can I help you today?',
          placeholderText: 'Type your message...',
        },
        allowedDomains: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    bot = (await created.json()) as Bot;

    const context = await browser.newContext({ baseURL: baseUrl() });
    admin = await context.newPage();
    await signInWithApi(admin.request, baseUrl(), staffAccounts.super_admin, staffPassword);

    const upload = await page.request.post(`/api/bots/${bot.id}/documents`, {
      headers,
      multipart: {
        file: {
          name: fileName,
          mimeType: 'text/plain',
          buffer: Buffer.from(longText(unique)),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    sourceId = ((await upload.json()) as KnowledgeSource).id;
    // Staff stop it while it is being read: it fails with the reason, ready for a retry.
    const cancel = await admin.request.post(`/api/admin/jobs/${sourceId}/cancel`, { headers });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await page.close();
  });

  test('the dashboard shows live system figures, API usage and the training jobs', async () => {
    await admin.goto('/admin');
    const system = admin.getByRole('region', { name: 'System Analytics' });
    await expect(system.getByTestId('system-stat')).toHaveCount(4);
    await expect(system.getByTestId('system-stat').nth(2)).toContainText('API Requests');
    await expect(system.getByTestId('system-stat').nth(2)).toContainText(/\d/);
    await expect(system).toContainText('Average over the last hour, this instance');
    await expect(system.getByRole('progressbar', { name: 'Memory in use' })).toBeVisible();
    await expect(system.getByRole('progressbar', { name: 'Search indexes in use' })).toBeVisible();
    await expect(system).toContainText(/of 1\.0 GB, \d+ bots? kept warm on this instance/);
    await expect(
      system.getByRole('progressbar', { name: 'Search word tables in use' }),
    ).toBeVisible();
    await expect(system).toContainText(
      /(under 1 MB|\d+ MB) of at most \d+ MB, shared by every bot on this instance/,
    );
    const usage = admin.getByRole('region', { name: 'API Usage' });
    await expect(usage).toContainText(
      'No model provider answered a visitor in this period, so there are no calls, tokens or costs to show.',
    );
    const failed = admin.getByRole('region', { name: 'Failed Jobs' });
    await expect(failed.getByTestId('training-job').filter({ hasText: fileName })).toContainText(
      'Cancelled by staff',
    );
    await expect(admin.getByText('Not available yet')).toHaveCount(0);
    await expectNoSeriousA11yViolations(admin);
    await admin.screenshot({ path: `${shots}/dashboard-desktop.png`, fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await expect(admin.getByRole('region', { name: 'System Analytics' })).toContainText(
      'System Health',
    );
    await expectNoHorizontalScroll(admin);
    await admin.screenshot({ path: `${shots}/dashboard-phone.png`, fullPage: true });
    await admin.setViewportSize({ width: 1366, height: 900 });
  });

  test('a failed document job retried from the back office completes, and the retry is audited', async () => {
    await admin.goto('/admin/jobs');
    await expect(admin.getByRole('heading', { level: 1, name: 'Training Jobs' })).toBeVisible();
    const failedItem = admin
      .getByRole('region', { name: 'Failed Jobs' })
      .getByTestId('training-job')
      .filter({ hasText: fileName });
    await expect(failedItem).toContainText('Cancelled by staff');
    await admin.screenshot({ path: `${shots}/jobs-desktop.png`, fullPage: true });
    await failedItem.getByRole('button', { name: 'Retry' }).click();
    await expect(admin.getByText(`“${fileName}” is queued again`)).toBeVisible();
    await expect(failedItem).toHaveCount(0);
    const listed = admin
      .getByRole('region', { name: 'Training Jobs' })
      .getByTestId('training-job')
      .filter({ hasText: fileName });
    // The list reads itself again every 15 seconds while jobs run.
    await expect(listed).toContainText('Completed', { timeout: 45_000 });

    const logs = await admin.request.get('/api/admin/logs?action=job.retry');
    expect(logs.status()).toBe(200);
    expect(JSON.stringify(await logs.json())).toContain(`Retried “${fileName}”`);

    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await expect(listed).toBeVisible();
    await expectNoHorizontalScroll(admin);
    await admin.screenshot({ path: `${shots}/jobs-phone.png`, fullPage: true });
    await admin.setViewportSize({ width: 1366, height: 900 });
  });

  test('analytics show the real totals and Growth Trends per month, with a table behind the chart', async () => {
    const readGrowth = async () =>
      (await (await admin.request.get('/api/admin/analytics/growth')).json()) as AdminGrowth;
    const shown = async (cell: Locator) => Number((await cell.textContent())!.replace(/,/g, ''));
    const cards = admin.getByTestId('analytics-summary');
    const trends = admin.getByRole('region', { name: 'Growth Trends' });
    const rows = trends.getByRole('table').getByRole('row');
    // The other worker's tests add and delete chatbots while this one runs, so the page is read
    // again until no chatbot came or went between a reading just before it loads and one just
    // after: then its figures must be exactly those.
    await expect(async () => {
      const before = await readGrowth();
      expect(before.this_month.bots).toBeGreaterThanOrEqual(1);
      await admin.goto('/admin/analytics');
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(1)).toContainText('Total Chatbots');
      await expect(cards.nth(1).locator('p').nth(1)).toHaveText(/^[\d,]+$/);
      const totalShown = await shown(cards.nth(1).locator('p').nth(1));
      await expect(trends.getByRole('img', { name: /Line chart of new users/ })).toBeVisible();
      await expect(trends.locator('.recharts-line')).toHaveCount(3);
      await trends.getByRole('button', { name: 'Show table' }).click();
      // A header row and twelve months, the current one last with this month's new chatbots.
      await expect(rows).toHaveCount(13);
      const monthShown = await shown(rows.last().getByRole('cell').nth(1));
      const after = await readGrowth();
      expect(after.totals.bots).toBe(before.totals.bots);
      expect(after.this_month.bots).toBe(before.this_month.bots);
      expect(totalShown).toBe(before.totals.bots);
      expect(monthShown).toBe(before.this_month.bots);
    }).toPass({ timeout: 60_000 });
    await trends.getByRole('button', { name: 'Show chart' }).click();
    await admin.screenshot({ path: `${shots}/analytics-desktop.png`, fullPage: true });
    await trends.getByRole('button', { name: 'Show table' }).click();
    await expectNoSeriousA11yViolations(admin);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await expect(admin.getByTestId('analytics-summary')).toHaveCount(3);
    await expectNoHorizontalScroll(admin);
    await admin.screenshot({ path: `${shots}/analytics-phone.png`, fullPage: true });
  });
});
