import { botDefaults } from '@askwell/shared';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  registerTestCustomer,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
  type TestAccount,
} from './fixtures';

// View as customer: a super_admin opens a customer's dashboard from Users, reads it as the
// customer sees it, cannot change it, and leaves; the audit log keeps the visit.
const shots = 'test-results/screens/admin';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

// Sign-ins are limited per address: each browser of this file comes from an address of its own.
function ownAddress() {
  return `192.0.2.${1 + Math.floor(Math.random() * 254)}`;
}

test.describe.serial('View as customer', () => {
  let staff: Page;
  let account: TestAccount;
  const botName = `Harbour Help ${Date.now().toString(36)}`;
  const botLink = (page: Page) => page.getByRole('link', { name: botName, exact: true });

  test.beforeAll(async ({ browser }) => {
    const customer = await browser.newContext({
      baseURL: baseUrl(),
      extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
    });
    const page = await customer.newPage();
    account = await registerTestCustomer(page.request, { verified: true, name: 'Vera Viewed' });
    const created = await page.request.post('/api/bots', {
      headers: { Origin: baseUrl() },
      data: { ...botDefaults, name: botName },
    });
    expect(created.status(), await created.text()).toBe(201);
    await customer.close();

    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1366, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
    });
    staff = await context.newPage();
    await signInWithApi(staff.request, baseUrl(), staffAccounts.super_admin, staffPassword);
  });
  test.afterAll(async () => {
    await staff?.context().close();
  });

  test('when a super_admin opens View as customer, then the customer’s dashboard shows under a read-only banner', async () => {
    await staff.goto(`/admin/users?search=${encodeURIComponent(account.email)}`);
    const row = staff.locator('tbody tr').filter({ hasText: account.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `More actions for ${account.email}` }).click();
    const menu = staff.getByRole('menu', { name: `Actions for ${account.email}` });
    await expect(menu.getByRole('menuitem').first()).toHaveText('View as customer');
    await staff.screenshot({ path: `${shots}/view-as-menu-desktop.png` });
    await menu.getByRole('menuitem', { name: 'View as customer' }).click();

    await expect(staff).toHaveURL(/\/dashboard$/);
    const banner = staff.getByRole('region', { name: 'View as customer' });
    await expect(banner).toContainText(
      `Viewing ${account.email}'s dashboard as the customer · read-only`,
    );
    await expect(banner).toContainText('Read-only view · not live');
    await staff.screenshot({ path: `${shots}/view-as-dashboard-desktop.png` });

    await staff.goto('/dashboard/bots');
    await expect(botLink(staff)).toBeVisible();
    await expect(banner).toBeVisible();
    // A reload keeps the view: it lives in this tab's session storage.
    await staff.reload();
    await expect(botLink(staff)).toBeVisible();
    await expect(banner).toBeVisible();
    await staff.screenshot({ path: `${shots}/view-as-bots-desktop.png` });
  });

  test('when staff try to change the customer’s bot in the view, then the server refuses it as read-only and the bot stays', async () => {
    await botLink(staff).click();
    await expect(staff).toHaveURL(/\/dashboard\/bots\/[^/]+$/);
    await staff.getByRole('button', { name: 'Delete', exact: true }).click();
    await staff.getByRole('button', { name: 'Delete chatbot' }).click();
    await expect(staff.getByText('View as customer is read-only.')).toBeVisible();
    await staff.goto('/dashboard/bots');
    await expect(botLink(staff)).toBeVisible();
  });

  test('when the view is open on a phone, then the banner fits without sideways scroll', async () => {
    await staff.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/dashboard', '/dashboard/bots']) {
      await staff.goto(path);
      await expect(staff.getByRole('region', { name: 'View as customer' })).toBeVisible();
      await expectNoHorizontalScroll(staff);
    }
    await staff.screenshot({ path: `${shots}/view-as-bots-phone.png` });
    await staff.setViewportSize({ width: 1366, height: 900 });
  });

  test('when another tab opens the dashboard, then it is the staff member’s own, without the view', async () => {
    const other = await staff.context().newPage();
    await other.goto('/dashboard/bots');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.getByRole('region', { name: 'View as customer' })).toHaveCount(0);
    await expect(botLink(other)).toHaveCount(0);
    await other.close();
  });

  test('when staff exit the view, then they are back on Users and the audit log lists the visit', async () => {
    await staff
      .getByRole('region', { name: 'View as customer' })
      .getByRole('button', { name: 'Exit view' })
      .click();
    await expect(staff).toHaveURL(/\/admin\/users$/);
    await expect(staff.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(staff.getByRole('region', { name: 'View as customer' })).toHaveCount(0);

    await staff.goto('/admin/logs');
    const visit = staff
      .getByTestId('log-row')
      .filter({ hasText: `Viewed ${account.email}'s dashboard as the customer` });
    await expect(visit).toHaveCount(1);
    await expect(visit).toContainText('Viewed as customer');
    await expect(visit).toContainText(staffAccounts.super_admin);
    // The dashboard is the staff member's own again.
    await staff.goto('/dashboard/bots');
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(botLink(staff)).toHaveCount(0);

    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto(`/admin/users?search=${encodeURIComponent(account.email)}`);
    await staff.getByRole('button', { name: `More actions for ${account.email}` }).click();
    await expect(staff.getByRole('menuitem', { name: 'View as customer' })).toBeVisible();
    await expectNoHorizontalScroll(staff);
    await staff.screenshot({ path: `${shots}/view-as-menu-phone.png` });
  });

  test('when the view’s grant has ended, then staff are taken back to Users and told so once', async () => {
    await staff.setViewportSize({ width: 1366, height: 900 });
    await staff.goto(`/admin/users?search=${encodeURIComponent(account.email)}`);
    await staff.getByRole('button', { name: `More actions for ${account.email}` }).click();
    await staff.getByRole('menuitem', { name: 'View as customer' }).click();
    await expect(staff).toHaveURL(/\/dashboard$/);
    await expect(staff.getByRole('region', { name: 'View as customer' })).toBeVisible();
    // A grant the server no longer accepts, as after its four hours or a change of the server's
    // secret: the server answers every call of the view with the same refusal.
    await staff.evaluate(() => {
      const view = JSON.parse(window.sessionStorage.getItem('askwell.view-as')!) as {
        token: string;
      };
      view.token = `${view.token.slice(0, -6)}AAAAAA`;
      window.sessionStorage.setItem('askwell.view-as', JSON.stringify(view));
    });
    await staff.goto('/dashboard/bots');
    await expect(staff).toHaveURL(/\/admin\/users$/);
    await expect(
      staff.getByText('This view as the customer has ended. Open it again from Users.'),
    ).toHaveCount(1);
    await expect(staff.getByRole('region', { name: 'View as customer' })).toHaveCount(0);
    await staff.screenshot({ path: `${shots}/view-as-ended-desktop.png` });
  });
});
