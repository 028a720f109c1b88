import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';

const shots = 'test-results/screens/admin';

// The address this staff member signs in from (a documentation range, never dialled; the server
// trusts X-Forwarded-For in the suite), so their entries can be told from other specs'.
const address = `192.0.2.${10 + Math.floor(Math.random() * 240)}`;

test.describe.serial('audit log', () => {
  let page: Page;
  const notice = `Audit check: reports pause on Sunday ${Date.now()}.`;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { 'x-forwarded-for': address },
      viewport: { width: 1366, height: 900 },
    });
    page = await context.newPage();
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('when a super_admin signs in and sends a notification, then both are in the audit log with their details', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(staffAccounts.super_admin);
    await page.getByLabel('Password', { exact: true }).fill(staffPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.goto('/admin/notifications');
    const form = page.getByRole('form', { name: 'Send a notification' });
    await form.getByLabel('Message').fill(notice);
    // Premium only: the suite's customers are on the free tier and keep the alerts they expect.
    await form.getByLabel('Audience').selectOption({ label: 'Premium tier' });
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByText('Notification sent to')).toBeVisible();

    await page.goto('/admin/logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
    const rows = page.getByTestId('log-row');
    const sent = rows.filter({ hasText: notice });
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText(staffAccounts.super_admin);
    await expect(sent).toContainText('Sent a notification');
    await expect(sent).toContainText(address);
    await expect(sent).toContainText('"audience": "premium"');
    await expect(sent).toContainText(`"notice": "${notice}"`);

    const signIn = rows.filter({ hasText: 'Signed in' }).filter({ hasText: address });
    await expect(signIn).toHaveCount(1);
    await expect(signIn).toContainText(`"message": "${staffAccounts.super_admin} signed in"`);
    // Newest first: the notification came after the sign-in.
    const texts = await rows.allInnerTexts();
    expect(texts.findIndex((text) => text.includes(notice))).toBeLessThan(
      texts.findIndex((text) => text.includes('Signed in') && text.includes(address)),
    );
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/logs-desktop.png`, fullPage: true });
  });

  test('when filtering by action and admin, then only those entries show, and the filters stay in the address', async () => {
    await page.goto('/admin/logs');
    const rows = page.getByTestId('log-row');
    await expect(rows.first()).toBeVisible();

    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Sent a notification' });
    await expect(page).toHaveURL(/action=notification.publish/);
    await expect(rows.filter({ hasText: notice })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Signed in' })).toHaveCount(0);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Sent a notification');

    await page.getByRole('searchbox', { name: 'Admin' }).fill('SUPER@ASKWELL');
    await expect(page).toHaveURL(/admin=SUPER%40ASKWELL/);
    await expect(rows.filter({ hasText: notice })).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Admin' }).fill('nobody-at-all@askwell.test');
    await expect(page.getByText('No logs found')).toBeVisible();
    await expect(page.getByText('No entry matches these filters.')).toBeVisible();

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/logs$/);
    await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();
  });

  test('when exporting the filtered log, then the CSV holds the columns and the entry with its details', async () => {
    await page.goto('/admin/logs?action=notification.publish');
    await expect(page.getByTestId('log-row').filter({ hasText: notice })).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFTimestamp,Admin,Action,IP Address,Details');
    const line = lines.find((text) => text.includes(notice));
    expect(line).toContain(`,${staffAccounts.super_admin},Sent a notification,${address},"{`);
    expect(line).toContain('""audience"":""premium""');
    expect(lines.slice(1).every((text) => text.includes(',Sent a notification,'))).toBe(true);
  });

  test('when the dashboard opens, then Recent Activity shows the notification', async () => {
    await page.goto('/admin');
    const activity = page.getByRole('list', { name: 'Recent Activity' });
    await expect(activity.getByRole('listitem').filter({ hasText: notice })).toContainText(
      `Sent the notification “${notice}” to premium tier customers`,
    );
    await expect(page.getByTestId('overview-tile')).toHaveCount(4);
    await page.screenshot({ path: `${shots}/dashboard-activity-desktop.png`, fullPage: true });
  });

  test('when on a phone, then the log and the dashboard fit the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/logs');
    await expect(page.getByTestId('log-row').filter({ hasText: notice })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/logs-phone.png`, fullPage: true });

    await page.goto('/admin');
    await expect(page.getByRole('list', { name: 'Recent Activity' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/dashboard-activity-phone.png`, fullPage: true });
  });
});
