import type { Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signedInStaffPage,
  staffAccounts,
  test,
  type TestAccount,
} from './fixtures';

const shots = 'test-results/screens/admin';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

async function search(page: Page, text: string) {
  const box = page.getByPlaceholder('Search users, tickets, or logs...');
  await box.fill(text);
  await box.press('Enter');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results).toBeVisible();
  await expect(results.getByText('Searching...')).toHaveCount(0);
  return results;
}

test.describe.configure({ mode: 'serial' });

test.describe('the admin header search', () => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subject = `Refund for the QUOKKA plan ${unique}`;
  let customer: TestAccount;
  let ticketNumber: number;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    customer = await registerTestCustomer(page.request, {
      verified: true,
      name: `Quinn ${unique}`,
    });
    const opened = await page.request.post(`${baseUrl()}/api/tickets`, {
      headers: { origin: baseUrl() },
      data: { subject, message: 'I was charged twice this month.' },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    ticketNumber = ((await opened.json()) as { number: number }).number;
    await context.close();
  });

  test('when a super admin searches, then users, tickets and log entries show grouped, each linking to its page', async ({
    browser,
  }) => {
    const page = await signedInStaffPage(browser, staffAccounts.super_admin);
    await page.goto('/admin');

    // Case-insensitive, on the customer's last name and on the ticket's subject.
    let results = await search(page, unique.toUpperCase());
    const users = results.getByRole('region', { name: 'Users' });
    await expect(users.getByRole('link', { name: new RegExp(customer.email) })).toBeVisible();
    await expect(users).toContainText(`Quinn ${unique}`);
    const tickets = results.getByRole('region', { name: 'Tickets' });
    await expect(
      tickets.getByRole('link', { name: new RegExp(`#${ticketNumber} `) }),
    ).toContainText(subject);
    await expect(
      results.getByRole('region', { name: 'Audit logs' }).getByText('No log entries match.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${shots}/header-search-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/header-search-phone.png` });
    await page.setViewportSize({ width: 1366, height: 900 });

    await tickets.getByRole('link', { name: new RegExp(`#${ticketNumber} `) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticketNumber}$`));
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Search results' })).toHaveCount(0);

    results = await search(page, unique);
    await results
      .getByRole('region', { name: 'Users' })
      .getByRole('link', { name: new RegExp(customer.email) })
      .click();
    await expect(page).toHaveURL(/\/admin\/users\?search=/);
    await expect(page.locator('tbody tr').filter({ hasText: customer.email })).toHaveCount(1);

    // Log entries by the name of their action, or by who acted.
    results = await search(page, 'signed in');
    const logs = results.getByRole('region', { name: 'Audit logs' });
    const entry = logs.getByRole('link', {
      name: new RegExp(`${staffAccounts.super_admin} signed in`),
    });
    await expect(entry.first()).toBeVisible();
    await entry.first().click();
    await expect(page).toHaveURL(/\/admin\/logs\?admin=.+&action=auth\.sign_in$/);
    await expect(page.getByRole('heading', { name: 'Audit Logs' })).toBeVisible();
    await page.context().close();
  });

  test('when support searches, then only tickets are searched, as support may not open users or logs', async ({
    browser,
  }) => {
    const page = await signedInStaffPage(browser, staffAccounts.support_team);
    await page.goto('/admin/tickets');
    const results = await search(page, unique);
    await expect(
      results.getByRole('region', { name: 'Tickets' }).getByRole('link', { name: /Refund/ }),
    ).toBeVisible();
    await expect(results.getByRole('region', { name: 'Users' })).toHaveCount(0);
    await expect(results.getByRole('region', { name: 'Audit logs' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(results).toHaveCount(0);
    await expect(page.getByPlaceholder('Search users, tickets, or logs...')).toBeFocused();
    await page.context().close();
  });
});

test.describe('the dashboard’s Open Tickets figure', () => {
  test('when support opens the dashboard, then Open Tickets shows the tickets not closed; a sales manager sees no such tile', async ({
    browser,
  }) => {
    const page = await signedInStaffPage(browser, staffAccounts.support_team);
    await page.goto('/admin');
    const value = page.getByTestId('open-tickets-tile').getByTestId('tile-value');
    // Other specs open tickets while this runs: compare a fresh read with a fresh page.
    await expect(async () => {
      const summary = (await (await page.request.get('/api/admin/tickets/summary')).json()) as {
        open: number;
      };
      await page.reload();
      await expect(value).toHaveText(summary.open.toLocaleString('en-US'), { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${shots}/dashboard-open-tickets-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/dashboard-open-tickets-phone.png`, fullPage: true });
    await page.context().close();

    const sales = await signedInStaffPage(browser, staffAccounts.sales_manager);
    await sales.goto('/admin');
    await expect(sales.getByTestId('overview-tile')).toHaveCount(4);
    await expect(sales.getByTestId('open-tickets-tile')).toHaveCount(0);
    await sales.context().close();
  });
});
