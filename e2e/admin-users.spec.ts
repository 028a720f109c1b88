import { botDefaults } from '@askwell/shared';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  signInWithApi,
  signInWithForm,
  staffAccounts,
  staffPassword,
  test,
  waitForMail,
  type TestAccount,
} from './fixtures';

// The back office's Users screen against the real server: what staff change, the customer lives.
const shots = 'test-results/screens/admin';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

// Sign-ins are limited per address: each browser of this file comes from an address of its own
// (the server trusts X-Forwarded-For in the suite, as behind a proxy).
function ownAddress() {
  return `192.0.2.${1 + Math.floor(Math.random() * 254)}`;
}

async function staffPage(browser: Browser, email: string) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  const page = await context.newPage();
  await signInWithApi(page.request, baseUrl(), email, staffPassword);
  return page;
}

// A customer signed in in a browser of their own.
async function customerBrowser(browser: Browser, name: string) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
  });
  const page = await context.newPage();
  const account = await registerTestCustomer(page.request, { verified: true, name });
  return { context, page, account };
}

function userRow(page: Page, email: string) {
  return page.locator('tbody tr').filter({ hasText: email });
}

async function openRow(page: Page, email: string) {
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  await expect(userRow(page, email)).toHaveCount(1);
  return userRow(page, email);
}

async function rowMenu(page: Page, email: string) {
  await userRow(page, email)
    .getByRole('button', { name: `More actions for ${email}` })
    .click();
  return page.getByRole('menu', { name: `Actions for ${email}` });
}

test.describe.serial('super_admin', () => {
  let page: Page;
  let customer: { context: BrowserContext; page: Page; account: TestAccount };

  test.beforeAll(async ({ browser }) => {
    page = await staffPage(browser, staffAccounts.super_admin);
  });
  test.afterAll(async () => {
    await page.context().close();
  });
  test.afterEach(async () => {
    await customer?.context.close();
  });

  test("when a super_admin sets a customer's password, then the customer signs in with the new one and not the old", async ({
    browser,
  }) => {
    customer = await customerBrowser(browser, 'Petra Password');
    const { account } = customer;
    const newPassword = 'set-by-support-2026';
    const row = await openRow(page, account.email);
    await row.getByRole('button', { name: `Edit ${account.email}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit User Profile' });
    await expect(dialog.getByLabel('Email')).toHaveValue(account.email);
    await expect(dialog.getByLabel('First name')).toHaveValue('Petra');
    await dialog.getByLabel('Last name').fill('Passwordson');
    await dialog.getByLabel('New password (optional)').fill('short');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Password must be at least 8 characters long.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/users-edit-desktop.png` });

    await dialog.getByLabel('New password (optional)').fill(newPassword);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('User profile updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Petra Passwordson');

    // Setting a password ends the customer's sessions: their open dashboard asks them to sign in.
    await customer.page.goto('/dashboard');
    await expect(customer.page).toHaveURL(/\/login/);
    await signInWithForm(customer.page, account.email, account.password);
    await expect(customer.page.getByText('Invalid email or password.')).toBeVisible();
    await signInWithForm(customer.page, account.email, newPassword);
    await expect(customer.page).toHaveURL(/\/dashboard$/);
    await expect(customer.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('when a super_admin suspends a customer, then the customer is signed out and cannot sign in until it is lifted', async ({
    browser,
  }) => {
    customer = await customerBrowser(browser, 'Sid Suspended');
    const { account } = customer;
    await openRow(page, account.email);
    await (await rowMenu(page, account.email)).getByRole('menuitem', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend user?' });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog.getByText('Please give a reason for the suspension.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Chargeback fraud under review');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText(`${account.email} is suspended`)).toBeVisible();
    await expect(
      userRow(page, account.email).getByText('Suspended', { exact: true }),
    ).toBeVisible();

    await customer.page.goto('/dashboard');
    await expect(customer.page).toHaveURL(/\/login/);
    await signInWithForm(customer.page, account.email, account.password);
    await expect(
      customer.page.getByText('This account is suspended. Contact support.'),
    ).toBeVisible();
    await expect(customer.page).toHaveURL(/\/login/);

    await (await rowMenu(page, account.email)).getByRole('menuitem', { name: 'Unsuspend' }).click();
    await page
      .getByRole('dialog', { name: 'Lift suspension?' })
      .getByRole('button', { name: 'Unsuspend' })
      .click();
    await expect(page.getByText(`${account.email} can sign in again`)).toBeVisible();
    await expect(userRow(page, account.email).getByText('Suspended', { exact: true })).toHaveCount(
      0,
    );
    await signInWithForm(customer.page, account.email, account.password);
    await expect(customer.page).toHaveURL(/\/dashboard$/);
  });

  test('when a super_admin deletes a customer, then the e-mail must be typed first and the account is gone afterwards', async ({
    browser,
  }) => {
    customer = await customerBrowser(browser, 'Dora Deleted');
    const { account } = customer;
    const created = await customer.page.request.post('/api/bots', {
      headers: { Origin: baseUrl() },
      data: { ...botDefaults, name: 'Doomed bot' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await openRow(page, account.email);
    await (await rowMenu(page, account.email)).getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user?' });
    await expect(dialog).toContainText('1 chatbot');
    const confirm = dialog.getByRole('button', { name: 'Delete user' });
    await expect(confirm).toBeDisabled();
    const typed = dialog.getByLabel("Type the account's e-mail address to confirm");
    await typed.fill('someone-else@example.test');
    await expect(confirm).toBeDisabled();
    await typed.fill(account.email);
    await page.screenshot({ path: `${shots}/users-delete-desktop.png` });
    await confirm.click();
    await expect(page.getByText(`Deleted ${account.email} with 1 chatbot`)).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();

    const me = await customer.page.request.get('/api/me');
    expect(me.status()).toBe(401);
  });

  test('when staff add a user, then the account is listed as a verified customer and the person is mailed a link to set a password', async () => {
    const email = `added-${Date.now().toString(36)}@example.test`;
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/new$/);
    const form = page.getByRole('form', { name: 'Add User' });
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Added');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/users-new-desktop.png`, fullPage: true });
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText(`We emailed ${email} a link to set a password.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users\?search=/);
    await expect(userRow(page, email)).toContainText('Ada Added');
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Your Askwell account is ready: set your password');
  });

  test('when the list is open on desktop and on a 390 px phone, then it shows its rows and actions without sideways scrolling', async () => {
    await page.goto('/admin/users');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/users-actions-desktop.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const first = page.locator('tbody tr').filter({ hasText: '@example' }).first();
    await expect(first).toBeVisible();
    await expectNoHorizontalScroll(page);
    await first.getByRole('button', { name: /^More actions for/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/users-menu-phone.png` });
    await page.keyboard.press('Escape');
    await first.getByRole('button', { name: /^Edit / }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User Profile' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/users-edit-phone.png` });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${shots}/users-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});

test('when a sales_manager opens a customer row, then they may view as the customer, suspend, change tier, grant Premium and delete, but never change a role', async ({
  browser,
}) => {
  const page = await staffPage(browser, staffAccounts.sales_manager);
  const customer = await customerBrowser(browser, 'Mona Managed');
  const { account } = customer;
  const row = await openRow(page, account.email);
  const menu = await rowMenu(page, account.email);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'View as customer',
    'Change tier',
    'Grant Premium',
    'Suspend',
    'Delete',
  ]);

  // Premium for a period: the customer has it at once, until the date the dialog named.
  await menu.getByRole('menuitem', { name: 'Grant Premium' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant Premium' });
  await dialog.getByLabel('Duration').selectOption('3');
  const until = (await dialog.getByText(/^Until /).textContent())!.replace(/^Until |\.$/g, '');
  await page.screenshot({ path: 'test-results/screens/plans/grant-premium-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/plans/grant-premium-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Grant Premium' }).click();
  await expect(page.getByText(`${account.email} has Premium until ${until}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('cell').nth(2)).toContainText('Premium');
  await customer.page.goto('/dashboard/settings#plan-billing');
  await expect(customer.page.getByTestId('plan-name')).toHaveText('Premium');
  await expect(customer.page.getByText(`Premium granted by Askwell until ${until}.`)).toBeVisible();

  // Staff accounts are a super_admin's to change.
  const superRow = await openRow(page, staffAccounts.super_admin);
  await expect(superRow.getByRole('button')).toHaveCount(0);
  await expect(superRow.getByRole('cell').nth(2)).toHaveText('Staff');
  await customer.context.close();
  await page.context().close();
});
