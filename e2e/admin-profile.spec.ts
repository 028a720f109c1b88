import type { Page } from '@playwright/test';
import {
  adminAccess,
  animationsSettled,
  expect,
  expectAdminRouteAccess,
  expectAdminSidebar,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  profileStaffAccount,
  signInWithApi,
  staffPassword,
  test,
} from './fixtures';

// Screens of the admin area, kept for a person to look at after a run.
const shots = 'test-results/screens/admin';
const email = profileStaffAccount.email;
const newPassword = 'petra-password-changed-1';

// One serial file on an account no other spec uses (fixtures.ts): changing the password signs
// that account out everywhere else.
test.describe.serial('sales_manager', () => {
  let page: Page;
  let baseURL: string;

  test.beforeAll(async ({ browser }) => {
    baseURL = process.env.E2E_BASE_URL!;
    const context = await browser.newContext({ baseURL });
    page = await context.newPage();
    await signInWithApi(page.request, baseURL, email, staffPassword);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('when opening each admin route, then only spec §6 routes render', async () => {
    await expectAdminRouteAccess(page, adminAccess.sales_manager);
  });

  test('when looking at the sidebar, then it lists exactly the sales entries', async () => {
    await page.goto('/admin');
    await expectAdminSidebar(page, adminAccess.sales_manager);
    await expect(page.getByTestId('admin-sidebar-user')).toContainText('Sales Manager');
  });

  test('when renaming, then the new name shows everywhere', async () => {
    await page.goto('/admin/profile');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    await page.getByLabel('First name').fill('Petra-Ann');
    await page.getByLabel('Last name').fill('Profilewood');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByTestId('admin-sidebar-user')).toContainText('Petra-Ann Profilewood');
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Petra-Ann');

    await page.getByLabel('First name').fill('Petra');
    await page.getByLabel('Last name').fill('Profile');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('admin-sidebar-user')).toContainText('Petra Profile');
  });

  test('when looking at sessions, then this device is marked', async () => {
    await page.goto('/admin/profile');
    const thisDevice = page.getByTestId('session').filter({ hasText: 'This device' });
    await expect(thisDevice).toHaveCount(1);
    await expect(thisDevice).toContainText('Last active');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/profile-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // Let the sidebar finish sliding away after the switch to the phone layout.
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).not.toBeInViewport();
    await animationsSettled(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/profile-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('when changing the password, then the form checks it and the new one signs in', async () => {
    await page.goto('/admin/profile');
    // The two-factor section asks for the current password too.
    const passwordSection = page.getByRole('region', { name: 'Password' });
    const change = passwordSection.getByRole('button', { name: 'Change password' });

    await passwordSection.getByLabel('Current password').fill(staffPassword);
    await passwordSection.getByLabel('New password', { exact: true }).fill('short');
    await passwordSection.getByLabel('Confirm new password').fill('short');
    await change.click();
    await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();

    await passwordSection.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordSection.getByLabel('Confirm new password').fill('something-else-1');
    await change.click();
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();

    await passwordSection.getByLabel('Current password').fill('not-my-password');
    await passwordSection.getByLabel('Confirm new password').fill(newPassword);
    await change.click();
    await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

    await passwordSection.getByLabel('Current password').fill(staffPassword);
    await passwordSection.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordSection.getByLabel('Confirm new password').fill(newPassword);
    await change.click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
    // This device keeps its session after the change.
    await expect(page.getByTestId('session').filter({ hasText: 'This device' })).toHaveCount(1);

    let signedInAgain = false;
    try {
      await page.getByRole('button', { name: /account menu/ }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByTestId('admin-sidebar-user')).toContainText('Petra Profile');
      signedInAgain = true;
    } finally {
      if (!signedInAgain) await signInWithApi(page.request, baseURL, email, newPassword);
      // Put the shared account back the way global setup made it.
      const restore = await page.request.post('/api/auth/change-password', {
        headers: { Origin: new URL(baseURL).origin },
        data: {
          currentPassword: newPassword,
          newPassword: staffPassword,
          revokeOtherSessions: true,
        },
      });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
});
