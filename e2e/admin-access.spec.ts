import type { Page } from '@playwright/test';
import {
  adminAccess,
  adminRoutes,
  animationsSettled,
  expect,
  expectAdminRouteAccess,
  expectAdminSidebar,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signedInStaffPage,
  staffAccounts,
  test,
} from './fixtures';

// Screens of the admin area, kept for a person to look at after a run.
const shots = 'test-results/screens/admin';

const formatted = (value: number) => value.toLocaleString('en-US');

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

test('when signed out, then an admin page sends the visitor to sign in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
});

test.describe.serial('super_admin', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await signedInStaffPage(browser, staffAccounts.super_admin);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  // One test per route: each page load is its own step with its own time budget, so a slow machine
  // shows which page was slow instead of one test running out of time on a loop of them.
  test('when listing what a super_admin may open, then it is every admin route', () => {
    expect([...adminAccess.super_admin].sort()).toEqual(adminRoutes.map((r) => r.path).sort());
  });

  for (const route of adminRoutes) {
    test(`when opening ${route.path}, then it renders`, async () => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${route.path}$`));
      const name = route.path.split('/').pop();
      await page.screenshot({ path: `${shots}/page-${name}-desktop.png`, fullPage: true });
    });
  }

  test('when listing users, then staff made by admin:create show their --name and Staff, not Free', async () => {
    await page.goto('/admin/users?search=sales%40askwell.test');
    const row = page.getByRole('row').filter({ hasText: staffAccounts.sales_manager });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row).toContainText('Sally Sales');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Staff');
  });

  test('when an admin address does not exist, then the error shows inside the back office, with a way back', async () => {
    await page.goto('/admin/no-such-page');
    await expect(
      page.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('404 Not Found');
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeAttached();
    await page.getByRole('link', { name: 'Back to Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('when sending a notification, then it is checked, listed with its reach, and can be withdrawn', async () => {
    await page.goto('/admin/notifications');
    const form = page.getByRole('form', { name: 'Send a notification' });
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(form.getByText('Write the notice.')).toBeVisible();

    // Premium only: the suite's other customers are on the free tier, so their alerts stay as
    // their own specs expect (the scale-out spec follows a notice to a customer's dashboard).
    const message = `Premium reports move to Monday ${Date.now()}.`;
    await form.getByLabel('Message').fill(message);
    await form.getByLabel('Severity').selectOption({ label: 'Alert' });
    await form.getByLabel('Audience').selectOption({ label: 'Premium tier' });
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByText('Notification sent to 0 customers')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('');
    const sent = page.getByRole('list', { name: 'Sent notifications' }).getByRole('listitem');
    const notice = sent.filter({ hasText: message });
    await expect(notice).toContainText('Premium tier · reaches 0 customers');
    await expect(notice).toContainText('Live');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/notifications-super-desktop.png`, fullPage: true });

    await notice.getByRole('button', { name: /^Withdraw/ }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw notification?' })
      .getByRole('button', { name: 'Withdraw' })
      .click();
    await expect(page.getByText('Notification withdrawn')).toBeVisible();
    await expect(notice).toContainText('Withdrawn');
    await expect(notice.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(notice).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/notifications-super-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('when looking at the sidebar, then all nine entries show, with name and role', async () => {
    await page.goto('/admin');
    await expectAdminSidebar(page, adminAccess.super_admin);
    const user = page.getByTestId('admin-sidebar-user');
    await expect(user).toContainText('Sam Super');
    await expect(user).toContainText('Super Admin');
  });

  test('when the dashboard loads, then its tiles show real counts', async () => {
    await page.goto('/admin');
    const tile = (label: string) =>
      page.getByTestId('overview-tile').filter({ hasText: label }).getByTestId('tile-value');
    // Other specs add customers, bots and chats while this one runs: compare a fresh read with a
    // fresh page until the two were taken between the same changes.
    await expect(async () => {
      const overview = (await (await page.request.get('/api/admin/overview')).json()) as Record<
        'total_users' | 'active_bots' | 'total_chats' | 'new_users_this_month',
        number
      >;
      await page.reload();
      const shown = { timeout: 3_000 };
      await expect(tile('Total Users')).toHaveText(formatted(overview.total_users), shown);
      await expect(tile('Active Bots')).toHaveText(formatted(overview.active_bots), shown);
      await expect(tile('Total Chats')).toHaveText(formatted(overview.total_chats), shown);
      await expect(tile('New Users this month')).toHaveText(
        formatted(overview.new_users_this_month),
        shown,
      );
    }).toPass({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/dashboard-super-desktop.png`, fullPage: true });
  });

  test('when opening the notifications button and user menu, then they toggle', async () => {
    await page.goto('/admin');
    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await bell.click();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('No notifications')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('No notifications')).toBeHidden();

    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/admin/profile',
    );
    await page.getByRole('link', { name: 'Settings', exact: true }).last().click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
  });

  test('when searching and filtering users, then the list follows', async () => {
    await page.goto('/admin/users');
    const rows = page.locator('tbody tr');
    await expect(rows.filter({ hasText: 'sales@askwell.test' })).toHaveCount(1);
    await expect(page.getByText('Loading users...')).toBeHidden();

    await page.getByPlaceholder('Search users...').fill('SALLY');
    await expect(page).toHaveURL(/\/admin\/users\?search=SALLY$/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Sally Sales');
    await expect(rows.first()).toContainText('Sales Manager');

    await page.getByPlaceholder('Search users...').fill('');
    await page.getByLabel('Filter users').selectOption({ label: 'Admins' });
    // The three staff of fixtures.ts, and the profile spec's own sales manager.
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: 'Simon Support' })).toHaveCount(1);

    // Other specs make customers Premium while this runs (Stripe upgrade, Grant Premium): the
    // filter lists only those, never staff or accounts on Free.
    await page.getByLabel('Filter users').selectOption({ label: 'Premium Tier' });
    await expect(rows.filter({ hasText: '@askwell.test' })).toHaveCount(0);
    await expect(
      rows.filter({ has: page.getByRole('cell', { name: 'Free', exact: true }) }),
    ).toHaveCount(0);

    await page.getByLabel('Filter users').selectOption({ label: 'All Users' });
    await expect(rows.filter({ hasText: 'super@askwell.test' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/users-desktop.png`, fullPage: true });

    // The top bar's search box lists the matching users; one leads to the user in the list.
    await page.getByPlaceholder('Search users, tickets, or logs...').fill('simon');
    await page.getByPlaceholder('Search users, tickets, or logs...').press('Enter');
    await page
      .getByRole('region', { name: 'Search results' })
      .getByRole('link', { name: /support@askwell\.test/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/users\?search=support%40askwell\.test$/);
    await expect(page.getByPlaceholder('Search users...')).toHaveValue('support@askwell.test');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Simon Support');
  });

  test('when opening roles, then each role shows its permissions, and only the two editable roles offer Edit permissions', async () => {
    await page.goto('/admin/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
    await expect(page.getByText('Manage administrative roles and permissions')).toBeVisible();
    const cards = page.getByTestId('role-card');
    await expect(cards).toHaveCount(3);

    const superCard = cards.filter({ has: page.getByRole('heading', { name: 'Super Admin' }) });
    await expect(superCard).toContainText('Created');
    const adminAll = superCard.getByRole('listitem').filter({ hasText: 'admin.all' });
    await expect(adminAll).toHaveAttribute('data-granted', 'true');
    await expect(adminAll).toHaveClass(/green/);
    await expect(superCard.getByRole('listitem').filter({ hasText: 'view dashboard' })).toHaveCount(
      1,
    );

    const salesCard = cards.filter({ has: page.getByRole('heading', { name: 'Sales Manager' }) });
    const manageRoles = salesCard.getByRole('listitem').filter({ hasText: 'manage roles' });
    await expect(manageRoles).toHaveAttribute('data-granted', 'false');
    await expect(manageRoles).toHaveClass(/slate/);
    await expect(cards.getByRole('listitem').filter({ hasText: '_' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(2);
    await expect(salesCard.getByRole('button', { name: 'Edit permissions' })).toHaveCount(1);
    await expect(superCard.getByRole('button')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/roles-desktop.png`, fullPage: true });
  });

  test('when on a phone, then the sidebar slides in and out and nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    const toggle = page.getByRole('button', { name: 'Open sidebar' });
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/dashboard-super-phone.png`, fullPage: true });

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeInViewport();
    await animationsSettled(page);
    await page.screenshot({ path: `${shots}/sidebar-open-phone.png` });
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();

    await toggle.click();
    await page.getByTestId('admin-sidebar-overlay').click({ position: { x: 370, y: 400 } });
    await expect(nav).not.toBeInViewport();

    await toggle.click();
    await nav.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(nav).not.toBeInViewport();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/users-phone.png`, fullPage: true });

    await page.goto('/admin/roles');
    await expect(page.getByTestId('role-card')).toHaveCount(3);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/roles-phone.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 720 });
  });

  for (const route of adminRoutes) {
    test(`when opening ${route.path} on a phone, then nothing scrolls sideways`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expectNoHorizontalScroll(page);
      const name = route.path.split('/').pop();
      await page.screenshot({ path: `${shots}/page-${name}-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    });
  }
});

test.describe.serial('support_team', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await signedInStaffPage(browser, staffAccounts.support_team);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('when opening each admin route, then only spec §6 routes render', async () => {
    // Twelve page loads in one test: three times the usual budget, as a loaded CI machine needs.
    test.slow();
    await expectAdminRouteAccess(page, adminAccess.support_team);
  });

  test('when looking at the shell, then it offers only what support may open', async () => {
    await page.goto('/admin');
    await expectAdminSidebar(page, adminAccess.support_team);
    await expect(page.getByTestId('admin-sidebar-user')).toContainText('Support Team');
    await expect(
      page.getByTestId('overview-tile').filter({ hasText: 'Total Users' }),
    ).toBeVisible();
    await page.screenshot({ path: `${shots}/dashboard-support-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).not.toBeInViewport();
    await animationsSettled(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/dashboard-support-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: /account menu/ }).click();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
    // The sign-in page forgets the ended session in an effect that runs once it is painted; after
    // two drawn frames that has happened, and it must not have sent the page anywhere else.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});

test.describe.serial('customer', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    page = await context.newPage();
    // Verifying the address signs the browser in, so no sign-in is spent here.
    await registerTestCustomer(page.request, { verified: true });
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('when a customer opens any admin route, then access is denied and the way back is their dashboard', async () => {
    // Twelve page loads in one test: three times the usual budget, as a loaded CI machine needs.
    test.slow();
    await expectAdminRouteAccess(page, adminAccess.user, '/dashboard');
    await page.screenshot({ path: `${shots}/unauthorized-desktop.png` });
    await page.getByRole('link', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).first()).toBeVisible();
    // An unknown admin address refuses a customer too, rather than showing the back office's shell.
    await page.goto('/admin/no-such-page');
    await expect(page).toHaveURL(/\/admin\/unauthorized$/);
  });
});
