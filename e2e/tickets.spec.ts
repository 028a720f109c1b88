import type { Page } from '@playwright/test';
import {
  animationsSettled,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
  waitForMail,
  type TestAccount,
} from './fixtures';

const shots = 'test-results/screens/tickets';
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

test.describe.configure({ mode: 'serial' });

test.describe('a support ticket from the customer to the team and back', () => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const subject = `Widget colour is wrong ${unique}`;
  const reply = `Thanks! Pick the colour again in the editor, it is fixed now (${unique}).`;
  let customer: Page;
  let support: Page;
  let account: TestAccount;
  let ticketUrl: string;

  test.beforeAll(async ({ browser }) => {
    const customerContext = await browser.newContext({ baseURL: baseUrl() });
    customer = await customerContext.newPage();
    account = await registerTestCustomer(customer.request, { verified: true, name: 'Hana Help' });
    const supportContext = await browser.newContext({ baseURL: baseUrl() });
    support = await supportContext.newPage();
    await signInWithApi(support.request, baseUrl(), staffAccounts.support_team, staffPassword);
  });
  test.afterAll(async () => {
    await customer?.context().close();
    await support?.context().close();
  });

  test('when a customer opens a ticket from Help, then it is listed and its page shows the message', async () => {
    await customer.setViewportSize(desktop);
    await customer.goto('/dashboard');
    await customer
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'Help' })
      .click();
    await expect(customer.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(customer.getByText('No tickets yet')).toBeVisible();
    await customer.getByRole('link', { name: 'New ticket' }).click();
    await customer.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
    await customer
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('The chat button on my site is grey, not teal.');
    await customer.screenshot({ path: `${shots}/new-ticket-desktop.png`, fullPage: true });
    await customer.getByRole('button', { name: 'Send ticket' }).click();
    await expect(customer).toHaveURL(/\/dashboard\/help\/\d+$/);
    ticketUrl = new URL(customer.url()).pathname;
    await expect(customer.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(customer.getByText('The chat button on my site is grey, not teal.')).toBeVisible();
    await expectNoSeriousA11yViolations(customer);
    await customer.screenshot({ path: `${shots}/ticket-desktop.png`, fullPage: true });

    await customer.getByRole('link', { name: 'All tickets' }).click();
    const row = customer.getByRole('link', { name: new RegExp(subject) });
    await expect(row).toContainText('Open');
    await customer.screenshot({ path: `${shots}/help-desktop.png`, fullPage: true });
    await customer.setViewportSize(phone);
    await animationsSettled(customer);
    await expectNoHorizontalScroll(customer);
    await customer.screenshot({ path: `${shots}/help-phone.png`, fullPage: true });
    await customer.setViewportSize(desktop);
  });

  test('when support staff reply, then the customer sees the answer live on the open ticket page, and is mailed', async () => {
    await customer.goto(ticketUrl);
    await expect(customer.getByRole('heading', { level: 1, name: subject })).toBeVisible();

    await support.setViewportSize(desktop);
    await support.goto('/admin/tickets');
    await expect(support.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
    await support.getByLabel('Search tickets').fill(`nothing-${unique}`);
    await expect(support.getByText('No tickets found', { exact: true })).toBeVisible();
    await expect(
      support.getByText('There are currently no support tickets to display.', { exact: true }),
    ).toBeVisible();
    await support.getByLabel('Search tickets').fill(account.email);
    const row = support.getByRole('row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Open');
    await support.screenshot({ path: `${shots}/admin-list-desktop.png`, fullPage: true });
    await support.setViewportSize(phone);
    await animationsSettled(support);
    await expectNoHorizontalScroll(support);
    await support.screenshot({ path: `${shots}/admin-list-phone.png`, fullPage: true });
    await support.setViewportSize(desktop);

    await row.getByRole('link', { name: subject }).click();
    await expect(support.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(support.getByText(account.email)).toBeVisible();
    await support.getByRole('button', { name: 'Assign to me' }).click();
    await expect(support.getByLabel('Assignee')).toHaveValue(/.+/);
    await support.getByLabel('Reply to the customer').fill(reply);
    await support.getByRole('button', { name: 'Send reply' }).click();
    await expect(support.getByText(reply)).toBeVisible();
    await expectNoSeriousA11yViolations(support);
    await support.screenshot({ path: `${shots}/admin-ticket-desktop.png`, fullPage: true });
    await support.setViewportSize(phone);
    await animationsSettled(support);
    await expectNoHorizontalScroll(support);
    await support.screenshot({ path: `${shots}/admin-ticket-phone.png`, fullPage: true });

    // The customer's page was not reloaded: the answer arrives through the live connection.
    await expect(customer.getByText(reply)).toBeVisible();
    await expect(customer.getByText('Askwell Support', { exact: true })).toBeVisible();
    await expect(customer.getByText('Answered', { exact: true })).toBeVisible();
    await customer.screenshot({ path: `${shots}/ticket-answered-desktop.png`, fullPage: true });
    await customer.setViewportSize(phone);
    await animationsSettled(customer);
    await expectNoHorizontalScroll(customer);
    await customer.screenshot({ path: `${shots}/ticket-phone.png`, fullPage: true });

    // The first mail was the sign-up code.
    const mail = await waitForMail(account.email, 2);
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(reply);
  });

  test('when a super admin opens the audit log, then the reply and the assignment are there', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const boss = await context.newPage();
    await signInWithApi(boss.request, baseUrl(), staffAccounts.super_admin, staffPassword);
    await boss.goto('/admin/logs');
    const number = ticketUrl.split('/').at(-1)!;
    const rows = boss.getByTestId('log-row');
    const replied = rows.filter({ hasText: `Replied to ticket #${number}` });
    await expect(replied).toHaveCount(1);
    await expect(replied).toContainText(staffAccounts.support_team);
    await expect(replied).toContainText('Replied to a ticket');
    await expect(rows.filter({ hasText: `Assigned ticket #${number}` })).toHaveCount(1);
    await context.close();
  });

  test('when a sales manager opens Support Tickets, then access is denied', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const sales = await context.newPage();
    await signInWithApi(sales.request, baseUrl(), staffAccounts.sales_manager, staffPassword);
    await sales.goto('/admin/tickets');
    await expect(sales).toHaveURL(/\/admin\/unauthorized$/);
    await sales.goto(ticketUrl.replace('/dashboard/help/', '/admin/tickets/'));
    await expect(sales).toHaveURL(/\/admin\/unauthorized$/);
    await context.close();
  });
});
